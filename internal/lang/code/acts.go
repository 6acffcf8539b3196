package code

import "strings"

// Act is what a call, or a name the code reads, does as Warden judges
// code: the meaning of a row of Acts.
type Act uint32

const (
	// RunsCommand runs its argument as a command: a shell command line
	// (os.system, child_process.execSync, Perl's system, PHP's
	// shell_exec) or a program and its arguments (subprocess.run([...]),
	// os.execl, pty.spawn).
	RunsCommand Act = 1 << iota
	// DeletesTree deletes the tree its argument names (shutil.rmtree,
	// fs.rmSync, FileUtils.rm_rf, File::Path's rmtree).
	DeletesTree
	// DeletesFile deletes the file its argument names (os.remove,
	// fs.unlinkSync, File.delete, PHP's unlink); R's unlink deletes a
	// tree given recursive=TRUE.
	DeletesFile
	// DeletesAll deletes every record of a store or drops it
	// (Model.destroy_all, deleteMany({}), client.deleteIndex, flushall).
	DeletesAll
	// Sends talks to a host (requests.post, urlopen, fetch, Net::HTTP,
	// LWP, curl_exec).
	Sends
	// Connects opens a network socket (socket.socket, net.connect,
	// TCPSocket, fsockopen, IO::Socket::INET); it talks to a host too.
	Connects
	// Dups joins a descriptor to another (os.dup2): with a socket, a
	// shell's input and output on it.
	Dups
	// Evaluates runs its argument as code of the language (eval, exec,
	// new Function, instance_eval, loadstring).
	Evaluates
	// Decodes decodes text (base64.b64decode, atob, Buffer.from(x,
	// "base64"), pack("H*"), Base64.decode64).
	Decodes
	// Loads loads the module its argument names (require, __import__,
	// import()): from a URL it is code straight from the network.
	Loads
	// Reflects looks up a function by a name given as a string (getattr,
	// send, call_user_func): unknown when the name is built at run time.
	Reflects
	// Forks starts a copy of the process (os.fork, fork, Process.fork).
	Forks
	// Grows makes data grow (list.append, array.push, Buffer.alloc).
	Grows
	// Waits pauses (time.sleep, sleep, usleep).
	Waits
	// Writes opens or writes the file its argument names: always, or,
	// for a row with a Mode, when that argument is a mode that writes.
	Writes
	// ReadsVar reads the environment variable its argument names
	// (os.getenv, getenv, Sys.getenv, ENV.fetch); given no argument,
	// the whole environment.
	ReadsVar
	// Env is the environment itself (os.environ, process.env, %ENV,
	// ENV, $_ENV): subscripted, one variable; a member, the variable of
	// that name or, for a member of EnvDumps, all of them; alone, all.
	Env
	// Home is the home directory (Path.home, os.homedir, Dir.home,
	// os.path.expanduser("~")).
	Home
)

// Row is one row of Acts: a name in one family's code and what calling
// or reading it does.
type Row struct {
	Family Family
	// Name is the call's dotted name, through the code's imports and
	// aliases (import os as o; o.system is os.system; require("fs").rm
	// is fs.rm). A name starting with a dot is a method: it matches that
	// last part on any receiver, or alone.
	Name string
	Act  Act
	// Mode, for Writes, is the place (1, 2, …) of the argument that must
	// be a mode that writes (open(p, "w")); 0 when the call always writes.
	Mode int
	// Named, for Reflects, is the place (1, 2, …) of the argument that
	// names the function looked up; the argument before it, if any, is
	// the object it is looked up on (getattr(os, "system"): 2, os.system;
	// Ruby's send("system"): 1). 0 says what it hands over is named by
	// no argument here and is never determined (node's process.binding,
	// Node's internal modules, spawn_sync among them).
	Named int
	// Argv, for RunsCommand, is the place of the program when the call
	// is given a program and its arguments as arguments of its own, run
	// with no shell: Perl's and Ruby's system("rm", "-rf", "x") (given
	// more than one; one alone is a shell command line), os.execl(path,
	// arg0, …). Zeroth says the argument after the program is its
	// argv[0], not passed as an argument; a list there is the whole argv
	// (os.execv(path, [arg0, …])).
	Argv   int
	Zeroth bool
	// Pipe, for RunsCommand, is the place of an open mode that runs a
	// command: "-|" or "|-" (the command is the arguments after it), or,
	// given no more, a file name that starts or ends with | (Perl's
	// open(F, "cmd |"), Ruby's open("|cmd")). The call runs nothing
	// otherwise.
	Pipe int
	// Passes, for Reflects, says the arguments after the one that names
	// the function are the arguments it is called with (Ruby's
	// send(:system, "id"), PHP's call_user_func("system", "id"),
	// operator.methodcaller("system", "id")(os)); without it the
	// function is what the call returns (getattr(os, "system")("id")).
	Passes bool
	// URL says the call does its act only when its first argument is a
	// literal URL (PHP's file_get_contents reads files too).
	URL bool
	// Example is code with the call; the test reads it and finds the row.
	Example string
}

// EnvDumps are the members of the environment that hand all of it over
// (os.environ.items(), ENV.to_h, Deno.env.toObject()).
var EnvDumps = map[string]bool{"items": true, "keys": true, "values": true, "copy": true, "to_h": true, "to_a": true, "to_hash": true, "inspect": true, "each": true, "each_pair": true, "toObject": true}

// Acts is the table of what calls do, by family. A name the table does
// not hold does nothing Warden judges.
var Acts = []Row{
	// Python
	{Family: Python, Name: "os.system", Act: RunsCommand, Example: `import os; os.system("id")`},
	{Family: Python, Name: "os.popen", Act: RunsCommand, Example: `import os; os.popen("id").read()`},
	{Family: Python, Name: "subprocess.run", Act: RunsCommand, Example: `import subprocess; subprocess.run(["id"])`},
	{Family: Python, Name: "subprocess.call", Act: RunsCommand, Example: `import subprocess as sp; sp.call("id", shell=True)`},
	{Family: Python, Name: "subprocess.check_call", Act: RunsCommand, Example: `from subprocess import check_call; check_call(["id"])`},
	{Family: Python, Name: "subprocess.check_output", Act: RunsCommand, Example: `from subprocess import check_output as co; co("id")`},
	{Family: Python, Name: "subprocess.Popen", Act: RunsCommand, Example: `from subprocess import *; Popen(["id"])`},
	{Family: Python, Name: "subprocess.getoutput", Act: RunsCommand, Example: `import subprocess; subprocess.getoutput("id")`},
	{Family: Python, Name: "subprocess.getstatusoutput", Act: RunsCommand, Example: `import subprocess; subprocess.getstatusoutput("id")`},
	{Family: Python, Name: "commands.getoutput", Act: RunsCommand, Example: `import commands; commands.getoutput("id")`},
	{Family: Python, Name: "pty.spawn", Act: RunsCommand, Example: `import pty; pty.spawn("/bin/sh")`},
	{Family: Python, Name: "os.execl", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.execl("/bin/sh", "sh")`},
	{Family: Python, Name: "os.execlp", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.execlp("sh", "sh")`},
	{Family: Python, Name: "os.execv", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.execv("/bin/sh", ["sh"])`},
	{Family: Python, Name: "os.execvp", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.execvp("sh", ["sh"])`},
	{Family: Python, Name: "os.execve", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.execve("/bin/sh", ["sh"], {})`},
	{Family: Python, Name: "os.spawnl", Act: RunsCommand, Argv: 2, Zeroth: true, Example: `import os; os.spawnl(os.P_WAIT, "/bin/sh")`},
	{Family: Python, Name: "os.posix_spawn", Act: RunsCommand, Argv: 1, Zeroth: true, Example: `import os; os.posix_spawn("/bin/sh", ["sh"], {})`},
	{Family: Python, Name: "shutil.rmtree", Act: DeletesTree, Example: `import shutil; shutil.rmtree("build")`},
	{Family: Python, Name: "os.removedirs", Act: DeletesTree, Example: `import os; os.removedirs("a/b")`},
	{Family: Python, Name: "os.remove", Act: DeletesFile, Example: `import os; os.remove("x")`},
	{Family: Python, Name: "os.unlink", Act: DeletesFile, Example: `import os; os.unlink("x")`},
	{Family: Python, Name: "os.rmdir", Act: DeletesFile, Example: `import os; os.rmdir("x")`},
	{Family: Python, Name: ".unlink", Act: DeletesFile, Example: `from pathlib import Path; Path("x").unlink()`},
	{Family: Python, Name: ".objects.all().delete", Act: DeletesAll, Example: `User.objects.all().delete()`},
	{Family: Python, Name: ".drop_database", Act: DeletesAll, Example: `client.drop_database("prod")`},
	{Family: Python, Name: ".drop_collection", Act: DeletesAll, Example: `db.drop_collection("users")`},
	{Family: Python, Name: ".flushall", Act: DeletesAll, Example: `r.flushall()`},
	{Family: Python, Name: ".flushdb", Act: DeletesAll, Example: `r.flushdb()`},
	{Family: Python, Name: "requests.get", Act: Sends, Example: `import requests; requests.get("https://e.example")`},
	{Family: Python, Name: "requests.post", Act: Sends, Example: `import requests; requests.post("https://e.example", data="x")`},
	{Family: Python, Name: "requests.put", Act: Sends, Example: `import requests; requests.put("https://e.example", data="x")`},
	{Family: Python, Name: "requests.patch", Act: Sends, Example: `import requests; requests.patch("https://e.example")`},
	{Family: Python, Name: "requests.request", Act: Sends, Example: `import requests; requests.request("POST", "https://e.example")`},
	{Family: Python, Name: "urllib.request.urlopen", Act: Sends, Example: `import urllib.request as u; u.urlopen("https://e.example")`},
	{Family: Python, Name: "urllib.urlopen", Act: Sends, Example: `import urllib; urllib.urlopen("https://e.example")`},
	{Family: Python, Name: "urllib2.urlopen", Act: Sends, Example: `import urllib2; urllib2.urlopen("https://e.example")`},
	{Family: Python, Name: "urllib.request.Request", Act: Sends, Example: `from urllib.request import Request; Request("https://e.example")`},
	{Family: Python, Name: "urllib.request.urlretrieve", Act: Sends, Example: `from urllib.request import urlretrieve; urlretrieve("https://e.example", "x")`},
	{Family: Python, Name: "http.client.HTTPSConnection", Act: Sends, Example: `import http.client; http.client.HTTPSConnection("e.example")`},
	{Family: Python, Name: "http.client.HTTPConnection", Act: Sends, Example: `import http.client; http.client.HTTPConnection("e.example")`},
	{Family: Python, Name: "httpx.get", Act: Sends, Example: `import httpx; httpx.get("https://e.example")`},
	{Family: Python, Name: "httpx.post", Act: Sends, Example: `import httpx; httpx.post("https://e.example")`},
	{Family: Python, Name: "aiohttp.ClientSession", Act: Sends, Example: `import aiohttp; aiohttp.ClientSession()`},
	{Family: Python, Name: "smtplib.SMTP", Act: Sends, Example: `import smtplib; smtplib.SMTP("mail.example")`},
	{Family: Python, Name: "ftplib.FTP", Act: Sends, Example: `import ftplib; ftplib.FTP("ftp.example")`},
	{Family: Python, Name: "paramiko.SSHClient", Act: Sends, Example: `import paramiko; paramiko.SSHClient()`},
	{Family: Python, Name: "socket.socket", Act: Connects, Example: `import socket; s = socket.socket()`},
	{Family: Python, Name: "socket.create_connection", Act: Connects, Example: `import socket; socket.create_connection(("h", 1))`},
	{Family: Python, Name: "os.dup2", Act: Dups, Example: `import os; os.dup2(3, 0)`},
	{Family: Python, Name: "exec", Act: Evaluates, Example: `exec("print(1)")`},
	{Family: Python, Name: "eval", Act: Evaluates, Example: `eval("1+1")`},
	{Family: Python, Name: "execfile", Act: Evaluates, Example: `execfile("x.py")`},
	{Family: Python, Name: "compile", Act: Evaluates, Example: `compile("1", "x", "eval")`},
	{Family: Python, Name: "base64.b64decode", Act: Decodes, Example: `import base64; base64.b64decode("aGk=")`},
	{Family: Python, Name: "base64.b32decode", Act: Decodes, Example: `import base64; base64.b32decode("x")`},
	{Family: Python, Name: "base64.a85decode", Act: Decodes, Example: `import base64; base64.a85decode("x")`},
	{Family: Python, Name: "base64.decodebytes", Act: Decodes, Example: `import base64; base64.decodebytes(b"x")`},
	{Family: Python, Name: "bytes.fromhex", Act: Decodes, Example: `bytes.fromhex("41")`},
	{Family: Python, Name: "binascii.unhexlify", Act: Decodes, Example: `import binascii; binascii.unhexlify("41")`},
	{Family: Python, Name: "binascii.a2b_base64", Act: Decodes, Example: `import binascii; binascii.a2b_base64("aGk=")`},
	{Family: Python, Name: "codecs.decode", Act: Decodes, Example: `import codecs; codecs.decode("x", "rot13")`},
	{Family: Python, Name: "zlib.decompress", Act: Decodes, Example: `import zlib; zlib.decompress(b"x")`},
	{Family: Python, Name: "gzip.decompress", Act: Decodes, Example: `import gzip; gzip.decompress(b"x")`},
	{Family: Python, Name: "marshal.loads", Act: Decodes, Example: `import marshal; marshal.loads(b"x")`},
	{Family: Python, Name: "__import__", Act: Loads, Example: `__import__("os")`},
	{Family: Python, Name: "importlib.import_module", Act: Loads, Example: `import importlib; importlib.import_module("os")`},
	{Family: Python, Name: "getattr", Act: Reflects, Named: 2, Example: `getattr(os, "getcwd")()`},
	{Family: Python, Name: "operator.methodcaller", Act: Reflects, Named: 1, Passes: true, Example: `import operator, os; operator.methodcaller("getcwd")(os)`},
	{Family: Python, Name: "os.fork", Act: Forks, Example: `import os; os.fork()`},
	{Family: Python, Name: ".append", Act: Grows, Example: `a = []; a.append(1)`},
	{Family: Python, Name: ".extend", Act: Grows, Example: `a = []; a.extend([1])`},
	{Family: Python, Name: "bytearray", Act: Grows, Example: `bytearray(10)`},
	{Family: Python, Name: "time.sleep", Act: Waits, Example: `import time; time.sleep(1)`},
	{Family: Python, Name: "open", Act: Writes, Mode: 2, Example: `open("x", "w")`},
	{Family: Python, Name: "io.open", Act: Writes, Mode: 2, Example: `import io; io.open("x", "w")`},
	{Family: Python, Name: "os.open", Act: Writes, Example: `import os; os.open("x", os.O_WRONLY)`},
	{Family: Python, Name: "os.rename", Act: Writes, Example: `import os; os.rename("a", "b")`},
	{Family: Python, Name: "os.replace", Act: Writes, Example: `import os; os.replace("a", "b")`},
	{Family: Python, Name: "os.symlink", Act: Writes, Example: `import os; os.symlink("a", "b")`},
	{Family: Python, Name: "shutil.copy", Act: Writes, Example: `import shutil; shutil.copy("a", "b")`},
	{Family: Python, Name: "shutil.copyfile", Act: Writes, Example: `import shutil; shutil.copyfile("a", "b")`},
	{Family: Python, Name: "shutil.move", Act: Writes, Example: `import shutil; shutil.move("a", "b")`},
	{Family: Python, Name: ".write_text", Act: Writes, Example: `from pathlib import Path; Path("x").write_text("y")`},
	{Family: Python, Name: ".write_bytes", Act: Writes, Example: `from pathlib import Path; Path("x").write_bytes(b"y")`},
	{Family: Python, Name: "os.getenv", Act: ReadsVar, Example: `import os; os.getenv("HOME")`},
	{Family: Python, Name: "os.environ.get", Act: ReadsVar, Example: `import os; os.environ.get("HOME")`},
	{Family: Python, Name: "os.environ", Act: Env, Example: `import os; print(os.environ["HOME"])`},
	{Family: Python, Name: "os.path.expanduser", Act: Home, Example: `import os; os.path.expanduser("~")`},
	{Family: Python, Name: "pathlib.Path.home", Act: Home, Example: `from pathlib import Path; Path.home()`},

	// JavaScript (node, deno, bun)
	{Family: JS, Name: ".execSync", Act: RunsCommand, Example: `require("child_process").execSync("id")`},
	{Family: JS, Name: ".execFileSync", Act: RunsCommand, Example: `require("child_process").execFileSync("id")`},
	{Family: JS, Name: ".spawnSync", Act: RunsCommand, Example: `require("child_process").spawnSync("id")`},
	{Family: JS, Name: "child_process.exec", Act: RunsCommand, Example: `const cp = require("child_process"); cp.exec("id")`},
	{Family: JS, Name: "child_process.execFile", Act: RunsCommand, Example: `const {execFile} = require("child_process"); execFile("id")`},
	{Family: JS, Name: "child_process.spawn", Act: RunsCommand, Example: `import {spawn as s} from "child_process"; s("sh", {stdio: "inherit"})`},
	{Family: JS, Name: "child_process.fork", Act: Forks, Example: `require("child_process").fork("x.js")`},
	{Family: JS, Name: "Bun.spawn", Act: RunsCommand, Example: `Bun.spawn(["id"])`},
	{Family: JS, Name: "Bun.spawnSync", Act: RunsCommand, Example: `Bun.spawnSync(["id"])`},
	{Family: JS, Name: "Deno.run", Act: RunsCommand, Example: `Deno.run({cmd: ["id"]})`},
	{Family: JS, Name: "Deno.Command", Act: RunsCommand, Example: `new Deno.Command("id").outputSync()`},
	{Family: JS, Name: ".rmSync", Act: DeletesTree, Example: `require("fs").rmSync("build", {recursive: true})`},
	{Family: JS, Name: ".rmdirSync", Act: DeletesTree, Example: `require("fs").rmdirSync("build", {recursive: true})`},
	{Family: JS, Name: "fs.rm", Act: DeletesTree, Example: `const fs = require("fs"); fs.rm("build", {recursive: true}, () => {})`},
	{Family: JS, Name: "fs.rmdir", Act: DeletesTree, Example: `import fs from "fs"; fs.rmdir("build", () => {})`},
	{Family: JS, Name: "fs.promises.rm", Act: DeletesTree, Example: `require("fs").promises.rm("build", {recursive: true})`},
	{Family: JS, Name: "rimraf", Act: DeletesTree, Example: `const rimraf = require("rimraf"); rimraf("build")`},
	{Family: JS, Name: "rimraf.sync", Act: DeletesTree, Example: `const rimraf = require("rimraf"); rimraf.sync("build")`},
	{Family: JS, Name: "Deno.removeSync", Act: DeletesTree, Example: `Deno.removeSync("build", {recursive: true})`},
	{Family: JS, Name: "Deno.remove", Act: DeletesTree, Example: `await Deno.remove("build", {recursive: true})`},
	{Family: JS, Name: ".unlinkSync", Act: DeletesFile, Example: `require("fs").unlinkSync("x")`},
	{Family: JS, Name: "fs.unlink", Act: DeletesFile, Example: `import * as fs from "fs"; fs.unlink("x", () => {})`},
	{Family: JS, Name: ".deleteMany", Act: DeletesAll, Example: `db.users.deleteMany({})`},
	{Family: JS, Name: ".deleteIndex", Act: DeletesAll, Example: `client.deleteIndex("prod")`},
	{Family: JS, Name: ".clearObjects", Act: DeletesAll, Example: `index.clearObjects()`},
	{Family: JS, Name: ".dropDatabase", Act: DeletesAll, Example: `db.dropDatabase()`},
	{Family: JS, Name: ".flushall", Act: DeletesAll, Example: `redis.flushall()`},
	{Family: JS, Name: ".flushdb", Act: DeletesAll, Example: `redis.flushdb()`},
	{Family: JS, Name: "fetch", Act: Sends, Example: `fetch("https://e.example")`},
	{Family: JS, Name: "http.get", Act: Sends, Example: `require("http").get("http://e.example")`},
	{Family: JS, Name: "https.get", Act: Sends, Example: `const https = require("https"); https.get("https://e.example")`},
	{Family: JS, Name: "http.request", Act: Sends, Example: `require("http").request({host: "e.example"})`},
	{Family: JS, Name: "https.request", Act: Sends, Example: `require("https").request({host: "e.example"})`},
	{Family: JS, Name: "axios", Act: Sends, Example: `import axios from "axios"; axios("https://e.example")`},
	{Family: JS, Name: "axios.get", Act: Sends, Example: `const axios = require("axios"); axios.get("https://e.example")`},
	{Family: JS, Name: "axios.post", Act: Sends, Example: `const axios = require("axios"); axios.post("https://e.example", {})`},
	{Family: JS, Name: "XMLHttpRequest", Act: Sends, Example: `new XMLHttpRequest()`},
	{Family: JS, Name: "WebSocket", Act: Sends, Example: `new WebSocket("wss://e.example")`},
	{Family: JS, Name: "dgram.createSocket", Act: Sends, Example: `require("dgram").createSocket("udp4")`},
	{Family: JS, Name: "net.connect", Act: Connects, Example: `require("net").connect(1, "h")`},
	{Family: JS, Name: "net.createConnection", Act: Connects, Example: `require("net").createConnection(1, "h")`},
	{Family: JS, Name: "net.Socket", Act: Connects, Example: `const net = require("net"); new net.Socket()`},
	{Family: JS, Name: "tls.connect", Act: Connects, Example: `require("tls").connect(443, "h")`},
	{Family: JS, Name: "Deno.connect", Act: Connects, Example: `await Deno.connect({hostname: "h", port: 1})`},
	{Family: JS, Name: "Bun.connect", Act: Connects, Example: `await Bun.connect({hostname: "h", port: 1})`},
	{Family: JS, Name: "eval", Act: Evaluates, Example: `eval("1+1")`},
	{Family: JS, Name: "Function", Act: Evaluates, Example: `new Function("return 1")()`},
	{Family: JS, Name: "vm.runInThisContext", Act: Evaluates, Example: `require("vm").runInThisContext("1")`},
	{Family: JS, Name: "vm.runInNewContext", Act: Evaluates, Example: `require("vm").runInNewContext("1")`},
	{Family: JS, Name: "atob", Act: Decodes, Example: `atob("aGk=")`},
	{Family: JS, Name: "Buffer.from", Act: Decodes, Example: `Buffer.from("aGk=", "base64")`},
	{Family: JS, Name: "String.fromCharCode", Act: Decodes, Example: `String.fromCharCode(104, 105)`},
	{Family: JS, Name: "zlib.inflateSync", Act: Decodes, Example: `require("zlib").inflateSync(b)`},
	{Family: JS, Name: "zlib.gunzipSync", Act: Decodes, Example: `require("zlib").gunzipSync(b)`},
	{Family: JS, Name: "require", Act: Loads, Example: `require("fs")`},
	{Family: JS, Name: "process.binding", Act: Reflects, Example: `process.binding("spawn_sync")`},
	{Family: JS, Name: "process._linkedBinding", Act: Reflects, Example: `process._linkedBinding("x")`},
	{Family: JS, Name: "import", Act: Loads, Example: `import("./x.js")`},
	{Family: JS, Name: ".push", Act: Grows, Example: `const a = []; a.push(1)`},
	{Family: JS, Name: "Buffer.alloc", Act: Grows, Example: `Buffer.alloc(10)`},
	{Family: JS, Name: "Array", Act: Grows, Example: `new Array(10)`},
	{Family: JS, Name: ".repeat", Act: Grows, Example: `"x".repeat(10)`},
	{Family: JS, Name: "setTimeout", Act: Waits, Example: `setTimeout(() => {}, 1)`},
	{Family: JS, Name: ".writeFileSync", Act: Writes, Example: `require("fs").writeFileSync("x", "y")`},
	{Family: JS, Name: ".appendFileSync", Act: Writes, Example: `require("fs").appendFileSync("x", "y")`},
	{Family: JS, Name: "fs.writeFile", Act: Writes, Example: `const fs = require("fs"); fs.writeFile("x", "y", () => {})`},
	{Family: JS, Name: "fs.appendFile", Act: Writes, Example: `const fs = require("fs"); fs.appendFile("x", "y", () => {})`},
	{Family: JS, Name: "fs.promises.writeFile", Act: Writes, Example: `require("fs").promises.writeFile("x", "y")`},
	{Family: JS, Name: ".createWriteStream", Act: Writes, Example: `require("fs").createWriteStream("x")`},
	{Family: JS, Name: ".copyFileSync", Act: Writes, Example: `require("fs").copyFileSync("a", "b")`},
	{Family: JS, Name: ".renameSync", Act: Writes, Example: `require("fs").renameSync("a", "b")`},
	{Family: JS, Name: ".symlinkSync", Act: Writes, Example: `require("fs").symlinkSync("a", "b")`},
	{Family: JS, Name: "Deno.writeTextFileSync", Act: Writes, Example: `Deno.writeTextFileSync("x", "y")`},
	{Family: JS, Name: "Deno.writeTextFile", Act: Writes, Example: `await Deno.writeTextFile("x", "y")`},
	{Family: JS, Name: "Deno.writeFile", Act: Writes, Example: `await Deno.writeFile("x", b)`},
	{Family: JS, Name: "Bun.write", Act: Writes, Example: `await Bun.write("x", "y")`},
	{Family: JS, Name: "Deno.env.get", Act: ReadsVar, Example: `Deno.env.get("HOME")`},
	{Family: JS, Name: "Deno.env.toObject", Act: Env, Example: `Deno.env.toObject()`},
	{Family: JS, Name: "process.env", Act: Env, Example: `console.log(process.env.HOME)`},
	{Family: JS, Name: "Bun.env", Act: Env, Example: `console.log(Bun.env.HOME)`},
	{Family: JS, Name: "os.homedir", Act: Home, Example: `require("os").homedir()`},

	// Perl
	{Family: Perl, Name: "system", Act: RunsCommand, Argv: 1, Example: `system("id")`},
	{Family: Perl, Name: "exec", Act: RunsCommand, Argv: 1, Example: `exec "/bin/sh";`},
	{Family: Perl, Name: "readpipe", Act: RunsCommand, Example: `readpipe("id")`},
	{Family: Perl, Name: "rmtree", Act: DeletesTree, Example: `use File::Path; rmtree("build")`},
	{Family: Perl, Name: "remove_tree", Act: DeletesTree, Example: `use File::Path qw(remove_tree); remove_tree("build")`},
	{Family: Perl, Name: "File::Path::rmtree", Act: DeletesTree, Example: `File::Path::rmtree("build")`},
	{Family: Perl, Name: "File::Path::remove_tree", Act: DeletesTree, Example: `File::Path::remove_tree("build")`},
	{Family: Perl, Name: "unlink", Act: DeletesFile, Example: `unlink("x")`},
	{Family: Perl, Name: "rmdir", Act: DeletesFile, Example: `rmdir("x")`},
	{Family: Perl, Name: "LWP::UserAgent->new", Act: Sends, Example: `LWP::UserAgent->new()`},
	{Family: Perl, Name: "LWP::Simple::get", Act: Sends, Example: `LWP::Simple::get("https://e.example")`},
	{Family: Perl, Name: "getstore", Act: Sends, Example: `use LWP::Simple; getstore("https://e.example", "x")`},
	{Family: Perl, Name: "HTTP::Tiny->new", Act: Sends, Example: `HTTP::Tiny->new()`},
	{Family: Perl, Name: "IO::Socket::INET->new", Act: Connects, Example: `IO::Socket::INET->new("h:1")`},
	{Family: Perl, Name: "IO::Socket::SSL->new", Act: Connects, Example: `IO::Socket::SSL->new("h:443")`},
	{Family: Perl, Name: "socket", Act: Connects, Example: `socket(S, PF_INET, SOCK_STREAM, 6)`},
	{Family: Perl, Name: "eval", Act: Evaluates, Example: `eval("1")`},
	{Family: Perl, Name: "decode_base64", Act: Decodes, Example: `use MIME::Base64; decode_base64("aGk=")`},
	{Family: Perl, Name: "MIME::Base64::decode_base64", Act: Decodes, Example: `MIME::Base64::decode_base64("aGk=")`},
	{Family: Perl, Name: "pack", Act: Decodes, Example: `pack("H*", "6869")`},
	{Family: Perl, Name: "unpack", Act: Decodes, Example: `unpack("m", "aGk=")`},
	{Family: Perl, Name: "fork", Act: Forks, Example: `fork()`},
	{Family: Perl, Name: "push", Act: Grows, Example: `push(@a, 1)`},
	{Family: Perl, Name: "sleep", Act: Waits, Example: `sleep(1)`},
	{Family: Perl, Name: "open", Act: Writes, Mode: 2, Example: `open(my $f, ">>", "x")`},
	{Family: Perl, Name: "open", Act: RunsCommand, Pipe: 2, Example: `open(my $f, "-|", "id")`},
	{Family: Perl, Name: "sysopen", Act: Writes, Example: `sysopen(F, "x", 1)`},
	{Family: Perl, Name: "rename", Act: Writes, Example: `rename("a", "b")`},
	{Family: Perl, Name: "symlink", Act: Writes, Example: `symlink("a", "b")`},
	{Family: Perl, Name: "$ENV", Act: Env, Example: `print $ENV{HOME}`},
	{Family: Perl, Name: "%ENV", Act: Env, Example: `print %ENV`},

	// Ruby
	{Family: Ruby, Name: "system", Act: RunsCommand, Argv: 1, Example: `system("id")`},
	{Family: Ruby, Name: "exec", Act: RunsCommand, Argv: 1, Example: `exec "/bin/sh"`},
	{Family: Ruby, Name: "spawn", Act: RunsCommand, Argv: 1, Example: `spawn("id")`},
	{Family: Ruby, Name: "Kernel.system", Act: RunsCommand, Argv: 1, Example: `Kernel.system("id")`},
	{Family: Ruby, Name: "Kernel.exec", Act: RunsCommand, Argv: 1, Example: `Kernel.exec("id")`},
	{Family: Ruby, Name: "Kernel.spawn", Act: RunsCommand, Argv: 1, Example: `Kernel.spawn("id")`},
	{Family: Ruby, Name: "Process.spawn", Act: RunsCommand, Argv: 1, Example: `Process.spawn("id")`},
	{Family: Ruby, Name: "IO.popen", Act: RunsCommand, Example: `IO.popen("id").read`},
	{Family: Ruby, Name: "Open3.capture2", Act: RunsCommand, Example: `require "open3"; Open3.capture2("id")`},
	{Family: Ruby, Name: "Open3.capture3", Act: RunsCommand, Example: `require "open3"; Open3.capture3("id")`},
	{Family: Ruby, Name: "Open3.popen3", Act: RunsCommand, Example: `require "open3"; Open3.popen3("id")`},
	{Family: Ruby, Name: "PTY.spawn", Act: RunsCommand, Example: `require "pty"; PTY.spawn("/bin/sh")`},
	{Family: Ruby, Name: "FileUtils.rm_rf", Act: DeletesTree, Example: `require "fileutils"; FileUtils.rm_rf("build")`},
	{Family: Ruby, Name: "FileUtils.rm_r", Act: DeletesTree, Example: `require "fileutils"; FileUtils.rm_r("build")`},
	{Family: Ruby, Name: "FileUtils.remove_dir", Act: DeletesTree, Example: `require "fileutils"; FileUtils.remove_dir("build")`},
	{Family: Ruby, Name: "FileUtils.remove_entry", Act: DeletesTree, Example: `require "fileutils"; FileUtils.remove_entry("build")`},
	{Family: Ruby, Name: "FileUtils.remove_entry_secure", Act: DeletesTree, Example: `require "fileutils"; FileUtils.remove_entry_secure("build")`},
	{Family: Ruby, Name: "FileUtils.rmtree", Act: DeletesTree, Example: `require "fileutils"; FileUtils.rmtree("build")`},
	{Family: Ruby, Name: "FileUtils.rm", Act: DeletesFile, Example: `require "fileutils"; FileUtils.rm("x")`},
	{Family: Ruby, Name: "FileUtils.rm_f", Act: DeletesFile, Example: `require "fileutils"; FileUtils.rm_f("x")`},
	{Family: Ruby, Name: "FileUtils.remove_file", Act: DeletesFile, Example: `require "fileutils"; FileUtils.remove_file("x")`},
	{Family: Ruby, Name: "File.delete", Act: DeletesFile, Example: `File.delete("x")`},
	{Family: Ruby, Name: "File.unlink", Act: DeletesFile, Example: `File.unlink("x")`},
	{Family: Ruby, Name: ".destroy_all", Act: DeletesAll, Example: `User.destroy_all`},
	{Family: Ruby, Name: ".delete_all", Act: DeletesAll, Example: `User.delete_all`},
	{Family: Ruby, Name: ".flushall", Act: DeletesAll, Example: `redis.flushall`},
	{Family: Ruby, Name: ".flushdb", Act: DeletesAll, Example: `redis.flushdb`},
	{Family: Ruby, Name: "Net::HTTP.get", Act: Sends, Example: `Net::HTTP.get(URI("https://e.example"))`},
	{Family: Ruby, Name: "Net::HTTP.post", Act: Sends, Example: `Net::HTTP.post(URI("https://e.example"), "x")`},
	{Family: Ruby, Name: "Net::HTTP.post_form", Act: Sends, Example: `Net::HTTP.post_form(URI("https://e.example"), {})`},
	{Family: Ruby, Name: "Net::HTTP.start", Act: Sends, Example: `Net::HTTP.start("e.example")`},
	{Family: Ruby, Name: "Net::HTTP.new", Act: Sends, Example: `Net::HTTP.new("e.example")`},
	{Family: Ruby, Name: "URI.open", Act: Sends, Example: `require "open-uri"; URI.open("https://e.example").read`},
	{Family: Ruby, Name: "TCPSocket.new", Act: Connects, Example: `require "socket"; TCPSocket.new("h", 1)`},
	{Family: Ruby, Name: "TCPSocket.open", Act: Connects, Example: `require "socket"; TCPSocket.open("h", 1)`},
	{Family: Ruby, Name: "eval", Act: Evaluates, Example: `eval("1")`},
	{Family: Ruby, Name: ".instance_eval", Act: Evaluates, Example: `Object.new.instance_eval("1")`},
	{Family: Ruby, Name: ".class_eval", Act: Evaluates, Example: `String.class_eval("1")`},
	{Family: Ruby, Name: ".module_eval", Act: Evaluates, Example: `Kernel.module_eval("1")`},
	{Family: Ruby, Name: "Base64.decode64", Act: Decodes, Example: `require "base64"; Base64.decode64("aGk=")`},
	{Family: Ruby, Name: "Base64.strict_decode64", Act: Decodes, Example: `require "base64"; Base64.strict_decode64("aGk=")`},
	{Family: Ruby, Name: ".unpack1", Act: Decodes, Example: `"aGk=".unpack1("m")`},
	{Family: Ruby, Name: ".unpack", Act: Decodes, Example: `"aGk=".unpack("m")`},
	{Family: Ruby, Name: ".send", Act: Reflects, Named: 1, Passes: true, Example: `Kernel.send("puts", 1)`},
	{Family: Ruby, Name: ".__send__", Act: Reflects, Named: 1, Passes: true, Example: `Kernel.__send__(:puts, 1)`},
	{Family: Ruby, Name: ".method", Act: Reflects, Named: 1, Example: `Kernel.method(:puts).call(1)`},
	{Family: Ruby, Name: ".public_send", Act: Reflects, Named: 1, Passes: true, Example: `Kernel.public_send("puts", 1)`},
	{Family: Ruby, Name: "Object.const_get", Act: Reflects, Named: 1, Example: `Object.const_get("File")`},
	{Family: Ruby, Name: "fork", Act: Forks, Example: `fork { }`},
	{Family: Ruby, Name: "Process.fork", Act: Forks, Example: `Process.fork { }`},
	{Family: Ruby, Name: ".push", Act: Grows, Example: `a = []; a.push(1)`},
	{Family: Ruby, Name: "sleep", Act: Waits, Example: `sleep(1)`},
	{Family: Ruby, Name: "open", Act: Writes, Mode: 2, Example: `open("x", "a") { |f| f.puts 1 }`},
	{Family: Ruby, Name: "open", Act: RunsCommand, Pipe: 1, Example: `open("|id").read`},
	{Family: Ruby, Name: "File.write", Act: Writes, Example: `File.write("x", "y")`},
	{Family: Ruby, Name: "IO.write", Act: Writes, Example: `IO.write("x", "y")`},
	{Family: Ruby, Name: "File.open", Act: Writes, Mode: 2, Example: `File.open("x", "w") { |f| f.puts 1 }`},
	{Family: Ruby, Name: "File.rename", Act: Writes, Example: `File.rename("a", "b")`},
	{Family: Ruby, Name: "File.symlink", Act: Writes, Example: `File.symlink("a", "b")`},
	{Family: Ruby, Name: "FileUtils.cp", Act: Writes, Example: `require "fileutils"; FileUtils.cp("a", "b")`},
	{Family: Ruby, Name: "FileUtils.mv", Act: Writes, Example: `require "fileutils"; FileUtils.mv("a", "b")`},
	{Family: Ruby, Name: "FileUtils.ln_s", Act: Writes, Example: `require "fileutils"; FileUtils.ln_s("a", "b")`},
	{Family: Ruby, Name: "ENV.fetch", Act: ReadsVar, Example: `ENV.fetch("HOME")`},
	{Family: Ruby, Name: "ENV", Act: Env, Example: `puts ENV["HOME"]`},
	{Family: Ruby, Name: "Dir.home", Act: Home, Example: `puts Dir.home`},

	// PHP
	{Family: PHP, Name: "system", Act: RunsCommand, Example: `system("id");`},
	{Family: PHP, Name: "exec", Act: RunsCommand, Example: `exec("id");`},
	{Family: PHP, Name: "shell_exec", Act: RunsCommand, Example: `shell_exec("id");`},
	{Family: PHP, Name: "passthru", Act: RunsCommand, Example: `passthru("id");`},
	{Family: PHP, Name: "popen", Act: RunsCommand, Example: `popen("id", "r");`},
	{Family: PHP, Name: "proc_open", Act: RunsCommand, Example: `proc_open("id", [], $p);`},
	{Family: PHP, Name: "pcntl_exec", Act: RunsCommand, Example: `pcntl_exec("/bin/sh");`},
	{Family: PHP, Name: "unlink", Act: DeletesFile, Example: `unlink("x");`},
	{Family: PHP, Name: "rmdir", Act: DeletesFile, Example: `rmdir("x");`},
	{Family: PHP, Name: "file_get_contents", Act: Sends, URL: true, Example: `file_get_contents("https://e.example");`},
	{Family: PHP, Name: "curl_exec", Act: Sends, Example: `curl_exec($ch);`},
	{Family: PHP, Name: "curl_init", Act: Sends, Example: `curl_init("https://e.example");`},
	{Family: PHP, Name: "stream_context_create", Act: Sends, Example: `stream_context_create([]);`},
	{Family: PHP, Name: "fsockopen", Act: Connects, Example: `fsockopen("h", 1);`},
	{Family: PHP, Name: "stream_socket_client", Act: Connects, Example: `stream_socket_client("tcp://h:1");`},
	{Family: PHP, Name: "socket_create", Act: Connects, Example: `socket_create(AF_INET, SOCK_STREAM, SOL_TCP);`},
	{Family: PHP, Name: "eval", Act: Evaluates, Example: `eval("echo 1;");`},
	{Family: PHP, Name: "assert", Act: Evaluates, Example: `assert("1");`},
	{Family: PHP, Name: "create_function", Act: Evaluates, Example: `create_function("", "echo 1;");`},
	{Family: PHP, Name: "base64_decode", Act: Decodes, Example: `base64_decode("aGk=");`},
	{Family: PHP, Name: "hex2bin", Act: Decodes, Example: `hex2bin("6869");`},
	{Family: PHP, Name: "gzinflate", Act: Decodes, Example: `gzinflate($x);`},
	{Family: PHP, Name: "str_rot13", Act: Decodes, Example: `str_rot13("uv");`},
	{Family: PHP, Name: "call_user_func", Act: Reflects, Named: 1, Passes: true, Example: `call_user_func("phpinfo");`},
	{Family: PHP, Name: "pcntl_fork", Act: Forks, Example: `pcntl_fork();`},
	{Family: PHP, Name: "sleep", Act: Waits, Example: `sleep(1);`},
	{Family: PHP, Name: "file_put_contents", Act: Writes, Example: `file_put_contents("x", "y");`},
	{Family: PHP, Name: "fopen", Act: Writes, Mode: 2, Example: `fopen("x", "w");`},
	{Family: PHP, Name: "rename", Act: Writes, Example: `rename("a", "b");`},
	{Family: PHP, Name: "copy", Act: Writes, Example: `copy("a", "b");`},
	{Family: PHP, Name: "symlink", Act: Writes, Example: `symlink("a", "b");`},
	{Family: PHP, Name: "getenv", Act: ReadsVar, Example: `echo getenv("HOME");`},
	{Family: PHP, Name: "$_ENV", Act: Env, Example: `echo $_ENV["HOME"];`},
	{Family: PHP, Name: "$_SERVER", Act: Env, Example: `echo $_SERVER["HOME"];`},

	// Lua
	{Family: Lua, Name: "os.execute", Act: RunsCommand, Example: `os.execute("id")`},
	{Family: Lua, Name: "io.popen", Act: RunsCommand, Example: `io.popen("id")`},
	{Family: Lua, Name: "os.remove", Act: DeletesFile, Example: `os.remove("x")`},
	{Family: Lua, Name: "os.rename", Act: Writes, Example: `os.rename("a", "b")`},
	{Family: Lua, Name: "io.open", Act: Writes, Mode: 2, Example: `io.open("x", "w")`},
	{Family: Lua, Name: "load", Act: Evaluates, Example: `load("return 1")()`},
	{Family: Lua, Name: "loadstring", Act: Evaluates, Example: `loadstring("return 1")()`},
	{Family: Lua, Name: "dofile", Act: Evaluates, Example: `dofile("x.lua")`},
	{Family: Lua, Name: "socket.connect", Act: Connects, Example: `require("socket").connect("h", 1)`},
	{Family: Lua, Name: "socket.tcp", Act: Connects, Example: `local socket = require("socket"); socket.tcp()`},
	{Family: Lua, Name: "os.getenv", Act: ReadsVar, Example: `print(os.getenv("HOME"))`},

	// R
	{Family: R, Name: "system", Act: RunsCommand, Example: `system("id")`},
	{Family: R, Name: "system2", Act: RunsCommand, Example: `system2("id")`},
	{Family: R, Name: "unlink", Act: DeletesFile, Example: `unlink("x")`},
	{Family: R, Name: "file.remove", Act: DeletesFile, Example: `file.remove("x")`},
	{Family: R, Name: "download.file", Act: Sends, Example: `download.file("https://e.example", "x")`},
	{Family: R, Name: "url", Act: Sends, Example: `readLines(url("https://e.example"))`},
	{Family: R, Name: "httr::GET", Act: Sends, Example: `httr::GET("https://e.example")`},
	{Family: R, Name: "httr::POST", Act: Sends, Example: `httr::POST("https://e.example")`},
	{Family: R, Name: "socketConnection", Act: Connects, Example: `socketConnection("h", 1)`},
	{Family: R, Name: "eval", Act: Evaluates, Example: `eval(parse(text = "1"))`},
	{Family: R, Name: "source", Act: Evaluates, Example: `source("x.R")`},
	{Family: R, Name: "base64enc::base64decode", Act: Decodes, Example: `base64enc::base64decode("aGk=")`},
	{Family: R, Name: "rawToChar", Act: Decodes, Example: `rawToChar(as.raw(104))`},
	{Family: R, Name: "Sys.sleep", Act: Waits, Example: `Sys.sleep(1)`},
	{Family: R, Name: "writeLines", Act: Writes, Example: `writeLines("y", "x")`},
	{Family: R, Name: "file.rename", Act: Writes, Example: `file.rename("a", "b")`},
	{Family: R, Name: "file.copy", Act: Writes, Example: `file.copy("a", "b")`},
	{Family: R, Name: "sink", Act: Writes, Example: `sink("x")`},
	{Family: R, Name: "Sys.getenv", Act: ReadsVar, Example: `Sys.getenv("HOME")`},
	{Family: R, Name: "path.expand", Act: Home, Example: `path.expand("~")`},
}

// lookup holds the rows by family and by a name's last part.
var lookup = func() [8]map[string][]*Row {
	var m [8]map[string][]*Row
	for i := range Acts {
		r := &Acts[i]
		if m[r.Family] == nil {
			m[r.Family] = map[string][]*Row{}
		}
		last := lastPart(r.Name)
		m[r.Family][last] = append(m[r.Family][last], r)
	}
	return m
}()

// lastPart is a dotted name's last part: rmtree of shutil.rmtree, new of
// LWP::UserAgent->new, delete of User.objects.all().delete.
func lastPart(name string) string {
	i := strings.LastIndexAny(name, ".:>")
	return name[i+1:]
}

// RowsOf returns the rows a resolved name matches in a family.
func RowsOf(f Family, name string) []*Row {
	var out []*Row
	for _, r := range lookup[f][lastPart(name)] {
		switch {
		case r.Name == name:
		case r.Name[0] == '.' && (name == r.Name[1:] || strings.HasSuffix(name, r.Name)):
		default:
			continue
		}
		out = append(out, r)
	}
	return out
}
