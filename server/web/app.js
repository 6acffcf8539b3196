// The approval page: a live list of pending asks (server-sent events from
// /v1/events), answered with POST /v1/pending/{id}. The browser is logged in
// by an HttpOnly cookie, so this script never sees the token.
"use strict";

(function () {
  if (location.search.indexOf("token=") !== -1) {
    history.replaceState(null, "", "/"); // never keep the token in the address bar
  }

  const pendingList = document.getElementById("pending");
  const recentList = document.getElementById("recent");
  const empty = document.getElementById("empty");
  const count = document.getElementById("count");
  const status = document.getElementById("status");
  const notice = document.getElementById("notice");
  const template = document.getElementById("ask-template");

  const whoami = document.getElementById("whoami");
  // Who this browser answers as (GET /v1/whoami): a named approver, or the
  // daemon's own token. Until it is known, routed asks offer no answers.
  let me = null;
  const asks = new Map(); // id → {data, el, deadline}
  const recentIDs = new Set();
  let selected = null;
  const RECENT_LIMIT = 50;

  function text(el, s) { el.textContent = s == null ? "" : String(s); }

  function riskClass(r) { return "risk-" + (r ? r.toLowerCase() : "none"); }

  // Every string drawn below comes from the daemon's "display" object, where
  // it was escaped once for all surfaces (hidden and control characters show
  // as \u202e, \x1b, …); the page only ever sets it as text.
  function renderDiff(pre, diff) {
    pre.replaceChildren();
    for (const line of (diff || "").split("\n")) {
      const span = document.createElement("span");
      const c = line.charAt(0);
      span.className = line.startsWith("+++") || line.startsWith("---") ? "d-file" :
        c === "+" ? "d-add" : c === "-" ? "d-del" : c === "@" ? "d-hunk" : "d-ctx";
      text(span, line + "\n");
      pre.append(span);
    }
  }

  function render(id) {
    const entry = asks.get(id);
    const a = entry.data;
    const v = a.display || {};
    const el = entry.el;
    el.dataset.id = id;
    const high = a.risk === "HIGH";
    el.classList.toggle("high", high);
    const risk = el.querySelector(".risk");
    text(risk, a.risk || "—");
    risk.className = "risk " + riskClass(a.risk);
    text(el.querySelector(".tool"), v.tool);
    text(el.querySelector(".project"), v.project || "(unknown)");
    text(el.querySelector(".cwd"), v.cwd);
    el.querySelector(".cwd-wrap").hidden = !v.cwd;
    text(el.querySelector(".agent"), v.agent);
    text(el.querySelector(".session"), v.session);
    el.querySelector(".session-wrap").hidden = !v.session;
    el.querySelector(".hidden-note").hidden = !v.suspicious;
    text(el.querySelector(".summary"), v.path && v.tool !== "Bash" ? v.path : v.summary);
    const change = el.querySelector(".change");
    change.hidden = !v.diff && !v.diff_note;
    if (!change.hidden) {
      let title = "Change to " + (v.path || "the file");
      if (v.added || v.removed) title += " (+" + (v.added || 0) + " −" + (v.removed || 0) + ")";
      text(el.querySelector(".change-title"), title);
      text(el.querySelector(".diff-note"), v.diff_note);
      el.querySelector(".diff-note").hidden = !v.diff_note;
      renderDiff(el.querySelector(".diff"), v.diff);
      if (!entry.rendered) change.open = (v.diff || "").split("\n").length <= 40;
    }
    text(el.querySelector(".why"), v.reason ? "Asked because: " + v.reason : "");
    const findings = el.querySelector(".findings");
    findings.replaceChildren();
    for (const f of v.findings || []) {
      const li = document.createElement("li");
      li.className = riskClass(f.risk);
      text(li, (f.risk ? f.risk + " · " : "") + f.text);
      findings.append(li);
    }
    const x = v.explanation;
    const dl = el.querySelector(".explain");
    dl.hidden = !x;
    if (x) {
      text(el.querySelector(".x-explanation"), x.what);
      text(el.querySelector(".x-reasoning"), x.why);
      el.querySelector(".x-reasoning").hidden = el.querySelector(".x-reasoning-t").hidden = !x.why;
      text(el.querySelector(".x-risk"), x.risk);
      text(el.querySelector(".x-level"), (x.level || "") + (x.source ? " (" + x.source + ")" : ""));
    }
    // Exactly the scopes this ask can be kept at (the daemon computed
    // them), numbered as the terminal numbers them: 1 once, then session
    // and always where offered, then No.
    const scopes = a.scopes && a.scopes.length ? a.scopes : ["once"];
    const keep = scopes.filter((s) => s !== "once");
    text(el.querySelector(".suggestion"), keep.length && v.suggestion ? "Allow for " + keep.join(" / ") + " records: " + v.suggestion : "");
    entry.choices = [];
    for (const sc of ["once", "session", "always"]) {
      const b = el.querySelector(".allow-" + sc);
      b.hidden = scopes.indexOf(sc) === -1;
      if (!b.hidden) entry.choices.push(b);
    }
    entry.choices.push(el.querySelector("button.deny"));
    entry.choices.forEach((b, i) => text(b.querySelector("kbd"), String(i + 1)));
    // A routed ask is answered only by its route's approvers (the daemon
    // refuses anyone else); the page says whose it is and, when it is not
    // this browser's, offers no answer. Names are plain approver names.
    const route = el.querySelector(".route");
    const approvers = a.approvers || [];
    const mine = !a.routed || (me !== null && me.approver && approvers.indexOf(me.name) !== -1);
    route.hidden = !a.routed;
    text(route, a.routed ? "For " + (approvers.length ? approvers.join(", ") : "nobody") + (mine ? "" : " — not yours to answer") : "");
    el.querySelector(".actions").hidden = !mine;
    if (!mine) entry.choices = [];
    entry.confirm = null;
    el.classList.remove("confirming");
    // On a HIGH-risk ask, Deny is the primary button and Enter's default.
    el.querySelector("button.deny").classList.toggle("primary", high);
    el.querySelector("button.allow-once").classList.toggle("primary", !high);
    entry.rendered = true;
    tick();
  }

  function upsert(a) {
    let entry = asks.get(a.id);
    if (!entry) {
      const el = template.content.firstElementChild.cloneNode(true);
      entry = { data: a, el: el, deadline: 0 };
      asks.set(a.id, entry);
      for (const b of el.querySelectorAll("button.allow")) {
        b.addEventListener("click", () => answer(a.id, "allow", b.dataset.scope, ""));
      }
      const msg = el.querySelector(".message");
      el.querySelector("button.deny").addEventListener("click", () => answer(a.id, "deny", "once", msg.value));
      el.querySelector(".change > summary").addEventListener("click", () => select(a.id));
      msg.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") { ev.preventDefault(); answer(a.id, "deny", "once", msg.value); }
        if (ev.key === "Escape") { msg.blur(); }
      });
      el.addEventListener("click", () => select(a.id));
      pendingList.append(el);
    }
    entry.data = a;
    entry.deadline = Date.now() + (a.expires_in_ms || 0);
    render(a.id);
    if (!selected) select(a.id);
    updateCount();
  }

  // remove drops an ask. When it was selected, the selection moves to the
  // card that takes its place (the next one), or the one before it when it
  // was last: never back to the top, so a second key press answers the ask
  // the person now sees under the highlight.
  function remove(id) {
    const entry = asks.get(id);
    if (!entry) return;
    const ids = Array.from(asks.keys());
    const i = ids.indexOf(id);
    entry.el.remove();
    asks.delete(id);
    if (selected === id) {
      selected = null;
      const rest = ids.filter((x) => x !== id);
      if (rest.length) select(rest[Math.min(i, rest.length - 1)]);
    }
    updateCount();
  }

  function select(id) {
    if (selected && asks.has(selected)) asks.get(selected).el.classList.remove("selected");
    selected = id;
    if (id && asks.has(id)) {
      const el = asks.get(id).el;
      el.classList.add("selected");
      if (el.scrollIntoView) el.scrollIntoView({ block: "nearest" });
    }
  }

  function move(step) {
    const ids = Array.from(asks.keys());
    if (!ids.length) return;
    const i = Math.max(0, ids.indexOf(selected));
    select(ids[(i + step + ids.length) % ids.length]);
  }

  function updateCount() {
    const n = asks.size;
    text(count, n + " waiting");
    empty.hidden = n > 0;
    document.title = n ? "(" + n + ") Warden — approvals" : "Warden — approvals";
  }

  function tick() {
    const now = Date.now();
    for (const entry of asks.values()) {
      const left = Math.max(0, Math.round((entry.deadline - now) / 1000));
      const m = Math.floor(left / 60), s = left % 60;
      const el = entry.el.querySelector(".countdown");
      text(el, m + ":" + (s < 10 ? "0" : "") + s);
      el.classList.toggle("urgent", left <= 15);
    }
  }
  setInterval(tick, 1000);

  function addRecent(r) {
    const id = r.decision && r.decision.id;
    if (id && recentIDs.has(id)) return;
    if (id) recentIDs.add(id);
    const li = document.createElement("li");
    const b = document.createElement("span");
    b.className = "behavior " + r.decision.behavior;
    text(b, r.decision.behavior);
    const v = r.display || {};
    const tool = document.createElement("span");
    tool.className = "tool";
    text(tool, v.tool);
    const sum = document.createElement("code");
    text(sum, v.summary);
    const by = document.createElement("span");
    by.className = "by";
    text(by, "by " + v.decided_by + " · " + v.agent + (v.session ? " · session " + v.session : ""));
    const when = document.createElement("time");
    const t = r.decision.time ? new Date(r.decision.time) : new Date();
    when.dateTime = t.toISOString();
    text(when, t.toLocaleTimeString());
    li.append(b, tool, sum, by, when);
    recentList.prepend(li);
    while (recentList.children.length > RECENT_LIMIT) recentList.lastElementChild.remove();
  }

  function show(msg) {
    text(notice, msg);
    notice.hidden = !msg;
    if (msg) setTimeout(() => { if (notice.textContent === msg) notice.hidden = true; }, 5000);
  }

  async function answer(id, behavior, scope, message) {
    const entry = asks.get(id);
    if (!entry) return;
    for (const b of entry.el.querySelectorAll("button")) b.disabled = true;
    try {
      const res = await fetch("/v1/pending/" + encodeURIComponent(id), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ behavior: behavior, scope: scope, message: message }),
      });
      if (res.ok || res.status === 404) {
        remove(id);
        if (res.status === 404) {
          show("That ask was already resolved.");
        } else {
          // Say what was kept, as the daemon recorded it.
          const r = await res.json().catch(() => ({}));
          const v = entry.data.display || {};
          if (r.behavior === "allow") {
            show(r.scope && r.scope !== "once" ? "Allowed " + r.scope + ": " + (v.suggestion || "") : "Allowed once.");
          } else {
            show("Denied.");
          }
        }
        return;
      }
      const body = await res.json().catch(() => ({}));
      show((body.error && body.error.message) || "The daemon refused the answer (" + res.status + ").");
    } catch (e) {
      show("Could not reach the daemon: " + e.message);
    }
    for (const b of entry.el.querySelectorAll("button")) b.disabled = false;
  }

  // The keys are the terminal prompt's: digits for the choices (1 allow
  // once, then the scopes offered, the last one deny), m deny with a
  // message, v view the change. On a HIGH ask a digit that allows only
  // selects its button, and Enter confirms. A key that comes within
  // BURST_GAP of the one before it (typing, a paste, a held key) never
  // answers. The first key is never part of a burst: ev.timeStamp counts
  // from the page's load, so a start of 0 would swallow a key pressed in
  // the page's first BURST_GAP.
  const BURST_GAP = 250;
  let lastKey = -Infinity;
  let messageKeyDown = false;

  function pick(entry, n, burst) {
    const b = entry.choices && entry.choices[n - 1];
    if (!b || burst) return;
    const allows = b.classList.contains("allow");
    if (allows && entry.data.risk === "HIGH") {
      entry.confirm = b;
      entry.el.classList.add("confirming");
      show("HIGH risk: press Enter to confirm " + b.textContent.replace(/\s*\d+$/, "") + ", or Esc.");
      return;
    }
    b.click();
  }
  document.addEventListener("keyup", (ev) => {
    if (ev.key !== "m" || !messageKeyDown) return;
    messageKeyDown = false;
    if (selected && asks.has(selected)) asks.get(selected).el.querySelector(".message").focus();
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
    const entry = selected && asks.has(selected) ? asks.get(selected) : null;
    const el = entry ? entry.el : null;
    const shown = (sel) => el && !el.querySelector(sel).hidden;
    const now = ev.timeStamp || Date.now();
    const burst = ev.repeat || now - lastKey < BURST_GAP;
    lastKey = now;
    if (entry && entry.confirm && ev.key !== "Enter") {
      entry.confirm = null;
      el.classList.remove("confirming");
    }
    if (/^[1-9]$/.test(ev.key)) {
      if (entry) pick(entry, Number(ev.key), burst);
      ev.preventDefault();
      return;
    }
    switch (ev.key) {
      case "ArrowDown": move(1); break;
      case "ArrowUp": move(-1); break;
      case "Escape": if (entry && entry.confirm) { entry.confirm = null; el.classList.remove("confirming"); } break;
      case "m": messageKeyDown = !!el; break; // focus on keyup, so the "m" is not typed into the field
      case "v": if (shown(".change")) { const c = el.querySelector(".change"); c.open = !c.open; } break;
      case "Enter":
        if (!el || (t && t.tagName === "BUTTON") || (t && t.tagName === "SUMMARY")) return;
        if (burst) break;
        if (entry.confirm) { const b = entry.confirm; entry.confirm = null; b.click(); break; }
        el.querySelector("button.primary").click();
        break;
      default: return;
    }
    ev.preventDefault();
  });

  function connect() {
    const es = new EventSource("/v1/events");
    es.addEventListener("open", () => {
      // Each connection starts with a full snapshot: start from scratch.
      for (const id of Array.from(asks.keys())) remove(id);
      recentList.replaceChildren();
      recentIDs.clear();
      text(status, "live");
      status.className = "status live";
    });
    es.addEventListener("pending", (ev) => upsert(JSON.parse(ev.data)));
    es.addEventListener("resolved", (ev) => remove(JSON.parse(ev.data).id));
    es.addEventListener("decision", (ev) => addRecent(JSON.parse(ev.data)));
    es.addEventListener("error", () => {
      status.className = "status down";
      if (es.readyState === EventSource.CLOSED) {
        text(status, "disconnected");
        show("Lost the daemon. If it restarted, open the new link it printed.");
      } else {
        text(status, "reconnecting…");
      }
    });
  }
  updateCount();
  fetch("/v1/whoami").then((r) => r.ok ? r.json() : null).then((w) => {
    if (!w) return;
    me = w;
    text(whoami, "as " + w.name);
    for (const id of asks.keys()) render(id);
  }).catch(() => {});
  connect();
})();
