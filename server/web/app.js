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

  const asks = new Map(); // id → {data, el, deadline}
  const recentIDs = new Set();
  let selected = null;
  const RECENT_LIMIT = 50;

  function text(el, s) { el.textContent = s == null ? "" : String(s); }

  function agentLabel(a) {
    if (a.agent_id) return "agent " + a.agent_id + (a.agent_type ? " (" + a.agent_type + ")" : "");
    return a.session_id ? "session " + a.session_id : "main agent";
  }

  function riskClass(r) { return "risk-" + (r ? r.toLowerCase() : "none"); }

  function render(id) {
    const entry = asks.get(id);
    const a = entry.data;
    const el = entry.el;
    el.dataset.id = id;
    const risk = el.querySelector(".risk");
    text(risk, a.risk || "—");
    risk.className = "risk " + riskClass(a.risk);
    text(el.querySelector(".tool"), a.tool);
    text(el.querySelector(".agent"), agentLabel(a));
    text(el.querySelector(".summary"), a.summary);
    text(el.querySelector(".why"), a.reason && a.reason.message ? "Asked because: " + a.reason.message : "");
    const findings = el.querySelector(".findings");
    findings.replaceChildren();
    for (const f of a.findings || []) {
      const li = document.createElement("li");
      li.className = riskClass(f.risk);
      text(li, (f.risk ? f.risk + " · " : "") + f.description + (f.part ? " — " + f.part : ""));
      findings.append(li);
    }
    const x = a.explanation;
    const dl = el.querySelector(".explain");
    dl.hidden = !x;
    if (x) {
      text(el.querySelector(".x-explanation"), x.explanation);
      text(el.querySelector(".x-reasoning"), x.reasoning);
      text(el.querySelector(".x-risk"), x.risk);
      text(el.querySelector(".x-level"), x.riskLevel);
    }
    const sugg = a.suggestions && a.suggestions.length ? a.suggestions[0] : "";
    text(el.querySelector(".suggestion"), sugg ? "Session / always approval records: " + sugg : "");
    el.querySelector(".allow-session").hidden = !sugg;
    el.querySelector(".allow-always").hidden = !sugg;
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

  function remove(id) {
    const entry = asks.get(id);
    if (!entry) return;
    entry.el.remove();
    asks.delete(id);
    if (selected === id) {
      selected = null;
      const first = asks.keys().next();
      if (!first.done) select(first.value);
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
    const tool = document.createElement("span");
    tool.className = "tool";
    text(tool, r.tool);
    const sum = document.createElement("code");
    text(sum, r.summary);
    const by = document.createElement("span");
    by.className = "by";
    text(by, "by " + r.decided_by + (r.agent_id ? " · " + r.agent_id : ""));
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
        if (res.status === 404) show("That ask was already resolved.");
        return;
      }
      const body = await res.json().catch(() => ({}));
      show((body.error && body.error.message) || "The daemon refused the answer (" + res.status + ").");
    } catch (e) {
      show("Could not reach the daemon: " + e.message);
    }
    for (const b of entry.el.querySelectorAll("button")) b.disabled = false;
  }

  let denyKeyDown = false;
  document.addEventListener("keyup", (ev) => {
    if (ev.key !== "d" || !denyKeyDown) return;
    denyKeyDown = false;
    if (selected && asks.has(selected)) asks.get(selected).el.querySelector(".message").focus();
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
    switch (ev.key) {
      case "j": case "ArrowDown": move(1); break;
      case "k": case "ArrowUp": move(-1); break;
      case "a": if (selected) answer(selected, "allow", "once", ""); break;
      case "s": if (selected && !asks.get(selected).el.querySelector(".allow-session").hidden) answer(selected, "allow", "session", ""); break;
      case "w": if (selected && !asks.get(selected).el.querySelector(".allow-always").hidden) answer(selected, "allow", "always", ""); break;
      case "d": denyKeyDown = true; break; // focus on keyup, so the "d" is not typed into the field
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
  connect();
})();
