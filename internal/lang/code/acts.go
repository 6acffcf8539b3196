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
	{Python, "os.system", RunsCommand, 0, false, `import os; os.system("id")`},
	{Python, "os.popen", RunsCommand, 0, false, `import os; os.popen("id").read()`},
	{Python, "subprocess.run", RunsCommand, 0, false, `import subprocess; subprocess.run(["id"])`},
	{Python, "subprocess.call", RunsCommand, 0, false, `import subprocess as sp; sp.call("id", shell=True)`},
	{Python, "subprocess.check_call", RunsCommand, 0, false, `from subprocess import check_call; check_call(["id"])`},
	{Python, "subprocess.check_output", RunsCommand, 0, false, `from subprocess import check_output as co; co("id")`},
	{Python, "subprocess.Popen", RunsCommand, 0, false, `from subprocess import *; Popen(["id"])`},
	{Python, "subprocess.getoutput", RunsCommand, 0, false, `import subprocess; subprocess.getoutput("id")`},
	{Python, "subprocess.getstatusoutput", RunsCommand, 0, false, `import subprocess; subprocess.getstatusoutput("id")`},
	{Python, "commands.getoutput", RunsCommand, 0, false, `import commands; commands.getoutput("id")`},
	{Python, "pty.spawn", RunsCommand, 0, false, `import pty; pty.spawn("/bin/sh")`},
	{Python, "os.execl", RunsCommand, 0, false, `import os; os.execl("/bin/sh", "sh")`},
	{Python, "os.execlp", RunsCommand, 0, false, `import os; os.execlp("sh", "sh")`},
	{Python, "os.execv", RunsCommand, 0, false, `import os; os.execv("/bin/sh", ["sh"])`},
	{Python, "os.execvp", RunsCommand, 0, false, `import os; os.execvp("sh", ["sh"])`},
	{Python, "os.execve", RunsCommand, 0, false, `import os; os.execve("/bin/sh", ["sh"], {})`},
	{Python, "os.spawnl", RunsCommand, 0, false, `import os; os.spawnl(os.P_WAIT, "/bin/sh")`},
	{Python, "os.posix_spawn", RunsCommand, 0, false, `import os; os.posix_spawn("/bin/sh", ["sh"], {})`},
	{Python, "shutil.rmtree", DeletesTree, 0, false, `import shutil; shutil.rmtree("build")`},
	{Python, "os.removedirs", DeletesTree, 0, false, `import os; os.removedirs("a/b")`},
	{Python, "os.remove", DeletesFile, 0, false, `import os; os.remove("x")`},
	{Python, "os.unlink", DeletesFile, 0, false, `import os; os.unlink("x")`},
	{Python, "os.rmdir", DeletesFile, 0, false, `import os; os.rmdir("x")`},
	{Python, ".unlink", DeletesFile, 0, false, `from pathlib import Path; Path("x").unlink()`},
	{Python, ".objects.all().delete", DeletesAll, 0, false, `User.objects.all().delete()`},
	{Python, ".drop_database", DeletesAll, 0, false, `client.drop_database("prod")`},
	{Python, ".drop_collection", DeletesAll, 0, false, `db.drop_collection("users")`},
	{Python, ".flushall", DeletesAll, 0, false, `r.flushall()`},
	{Python, ".flushdb", DeletesAll, 0, false, `r.flushdb()`},
	{Python, "requests.get", Sends, 0, false, `import requests; requests.get("https://e.example")`},
	{Python, "requests.post", Sends, 0, false, `import requests; requests.post("https://e.example", data="x")`},
	{Python, "requests.put", Sends, 0, false, `import requests; requests.put("https://e.example", data="x")`},
	{Python, "requests.patch", Sends, 0, false, `import requests; requests.patch("https://e.example")`},
	{Python, "requests.request", Sends, 0, false, `import requests; requests.request("POST", "https://e.example")`},
	{Python, "urllib.request.urlopen", Sends, 0, false, `import urllib.request as u; u.urlopen("https://e.example")`},
	{Python, "urllib.urlopen", Sends, 0, false, `import urllib; urllib.urlopen("https://e.example")`},
	{Python, "urllib2.urlopen", Sends, 0, false, `import urllib2; urllib2.urlopen("https://e.example")`},
	{Python, "urllib.request.Request", Sends, 0, false, `from urllib.request import Request; Request("https://e.example")`},
	{Python, "urllib.request.urlretrieve", Sends, 0, false, `from urllib.request import urlretrieve; urlretrieve("https://e.example", "x")`},
	{Python, "http.client.HTTPSConnection", Sends, 0, false, `import http.client; http.client.HTTPSConnection("e.example")`},
	{Python, "http.client.HTTPConnection", Sends, 0, false, `import http.client; http.client.HTTPConnection("e.example")`},
	{Python, "httpx.get", Sends, 0, false, `import httpx; httpx.get("https://e.example")`},
	{Python, "httpx.post", Sends, 0, false, `import httpx; httpx.post("https://e.example")`},
	{Python, "aiohttp.ClientSession", Sends, 0, false, `import aiohttp; aiohttp.ClientSession()`},
	{Python, "smtplib.SMTP", Sends, 0, false, `import smtplib; smtplib.SMTP("mail.example")`},
	{Python, "ftplib.FTP", Sends, 0, false, `import ftplib; ftplib.FTP("ftp.example")`},
	{Python, "paramiko.SSHClient", Sends, 0, false, `import paramiko; paramiko.SSHClient()`},
	{Python, "socket.socket", Connects, 0, false, `import socket; s = socket.socket()`},
	{Python, "socket.create_connection", Connects, 0, false, `import socket; socket.create_connection(("h", 1))`},
	{Python, "os.dup2", Dups, 0, false, `import os; os.dup2(3, 0)`},
	{Python, "exec", Evaluates, 0, false, `exec("print(1)")`},
	{Python, "eval", Evaluates, 0, false, `eval("1+1")`},
	{Python, "execfile", Evaluates, 0, false, `execfile("x.py")`},
	{Python, "compile", Evaluates, 0, false, `compile("1", "x", "eval")`},
	{Python, "base64.b64decode", Decodes, 0, false, `import base64; base64.b64decode("aGk=")`},
	{Python, "base64.b32decode", Decodes, 0, false, `import base64; base64.b32decode("x")`},
	{Python, "base64.a85decode", Decodes, 0, false, `import base64; base64.a85decode("x")`},
	{Python, "base64.decodebytes", Decodes, 0, false, `import base64; base64.decodebytes(b"x")`},
	{Python, "bytes.fromhex", Decodes, 0, false, `bytes.fromhex("41")`},
	{Python, "binascii.unhexlify", Decodes, 0, false, `import binascii; binascii.unhexlify("41")`},
	{Python, "binascii.a2b_base64", Decodes, 0, false, `import binascii; binascii.a2b_base64("aGk=")`},
	{Python, "codecs.decode", Decodes, 0, false, `import codecs; codecs.decode("x", "rot13")`},
	{Python, "zlib.decompress", Decodes, 0, false, `import zlib; zlib.decompress(b"x")`},
	{Python, "gzip.decompress", Decodes, 0, false, `import gzip; gzip.decompress(b"x")`},
	{Python, "marshal.loads", Decodes, 0, false, `import marshal; marshal.loads(b"x")`},
	{Python, "__import__", Loads, 0, false, `__import__("os")`},
	{Python, "importlib.import_module", Loads, 0, false, `import importlib; importlib.import_module("os")`},
	{Python, "getattr", Reflects, 0, false, `getattr(os, "getcwd")()`},
	{Python, "os.fork", Forks, 0, false, `import os; os.fork()`},
	{Python, ".append", Grows, 0, false, `a = []; a.append(1)`},
	{Python, ".extend", Grows, 0, false, `a = []; a.extend([1])`},
	{Python, "bytearray", Grows, 0, false, `bytearray(10)`},
	{Python, "time.sleep", Waits, 0, false, `import time; time.sleep(1)`},
	{Python, "open", Writes, 2, false, `open("x", "w")`},
	{Python, "io.open", Writes, 2, false, `import io; io.open("x", "w")`},
	{Python, "os.open", Writes, 0, false, `import os; os.open("x", os.O_WRONLY)`},
	{Python, "os.rename", Writes, 0, false, `import os; os.rename("a", "b")`},
	{Python, "os.replace", Writes, 0, false, `import os; os.replace("a", "b")`},
	{Python, "os.symlink", Writes, 0, false, `import os; os.symlink("a", "b")`},
	{Python, "shutil.copy", Writes, 0, false, `import shutil; shutil.copy("a", "b")`},
	{Python, "shutil.copyfile", Writes, 0, false, `import shutil; shutil.copyfile("a", "b")`},
	{Python, "shutil.move", Writes, 0, false, `import shutil; shutil.move("a", "b")`},
	{Python, ".write_text", Writes, 0, false, `from pathlib import Path; Path("x").write_text("y")`},
	{Python, ".write_bytes", Writes, 0, false, `from pathlib import Path; Path("x").write_bytes(b"y")`},
	{Python, "os.getenv", ReadsVar, 0, false, `import os; os.getenv("HOME")`},
	{Python, "os.environ.get", ReadsVar, 0, false, `import os; os.environ.get("HOME")`},
	{Python, "os.environ", Env, 0, false, `import os; print(os.environ["HOME"])`},
	{Python, "os.path.expanduser", Home, 0, false, `import os; os.path.expanduser("~")`},
	{Python, "pathlib.Path.home", Home, 0, false, `from pathlib import Path; Path.home()`},

	// JavaScript (node, deno, bun)
	{JS, ".execSync", RunsCommand, 0, false, `require("child_process").execSync("id")`},
	{JS, ".execFileSync", RunsCommand, 0, false, `require("child_process").execFileSync("id")`},
	{JS, ".spawnSync", RunsCommand, 0, false, `require("child_process").spawnSync("id")`},
	{JS, "child_process.exec", RunsCommand, 0, false, `const cp = require("child_process"); cp.exec("id")`},
	{JS, "child_process.execFile", RunsCommand, 0, false, `const {execFile} = require("child_process"); execFile("id")`},
	{JS, "child_process.spawn", RunsCommand, 0, false, `import {spawn as s} from "child_process"; s("sh", {stdio: "inherit"})`},
	{JS, "child_process.fork", Forks, 0, false, `require("child_process").fork("x.js")`},
	{JS, "Bun.spawn", RunsCommand, 0, false, `Bun.spawn(["id"])`},
	{JS, "Bun.spawnSync", RunsCommand, 0, false, `Bun.spawnSync(["id"])`},
	{JS, "Deno.run", RunsCommand, 0, false, `Deno.run({cmd: ["id"]})`},
	{JS, "Deno.Command", RunsCommand, 0, false, `new Deno.Command("id").outputSync()`},
	{JS, ".rmSync", DeletesTree, 0, false, `require("fs").rmSync("build", {recursive: true})`},
	{JS, ".rmdirSync", DeletesTree, 0, false, `require("fs").rmdirSync("build", {recursive: true})`},
	{JS, "fs.rm", DeletesTree, 0, false, `const fs = require("fs"); fs.rm("build", {recursive: true}, () => {})`},
	{JS, "fs.rmdir", DeletesTree, 0, false, `import fs from "fs"; fs.rmdir("build", () => {})`},
	{JS, "fs.promises.rm", DeletesTree, 0, false, `require("fs").promises.rm("build", {recursive: true})`},
	{JS, "rimraf", DeletesTree, 0, false, `const rimraf = require("rimraf"); rimraf("build")`},
	{JS, "rimraf.sync", DeletesTree, 0, false, `const rimraf = require("rimraf"); rimraf.sync("build")`},
	{JS, "Deno.removeSync", DeletesTree, 0, false, `Deno.removeSync("build", {recursive: true})`},
	{JS, "Deno.remove", DeletesTree, 0, false, `await Deno.remove("build", {recursive: true})`},
	{JS, ".unlinkSync", DeletesFile, 0, false, `require("fs").unlinkSync("x")`},
	{JS, "fs.unlink", DeletesFile, 0, false, `import * as fs from "fs"; fs.unlink("x", () => {})`},
	{JS, ".deleteMany", DeletesAll, 0, false, `db.users.deleteMany({})`},
	{JS, ".deleteIndex", DeletesAll, 0, false, `client.deleteIndex("prod")`},
	{JS, ".clearObjects", DeletesAll, 0, false, `index.clearObjects()`},
	{JS, ".dropDatabase", DeletesAll, 0, false, `db.dropDatabase()`},
	{JS, ".flushall", DeletesAll, 0, false, `redis.flushall()`},
	{JS, ".flushdb", DeletesAll, 0, false, `redis.flushdb()`},
	{JS, "fetch", Sends, 0, false, `fetch("https://e.example")`},
	{JS, "http.get", Sends, 0, false, `require("http").get("http://e.example")`},
	{JS, "https.get", Sends, 0, false, `const https = require("https"); https.get("https://e.example")`},
	{JS, "http.request", Sends, 0, false, `require("http").request({host: "e.example"})`},
	{JS, "https.request", Sends, 0, false, `require("https").request({host: "e.example"})`},
	{JS, "axios", Sends, 0, false, `import axios from "axios"; axios("https://e.example")`},
	{JS, "axios.get", Sends, 0, false, `const axios = require("axios"); axios.get("https://e.example")`},
	{JS, "axios.post", Sends, 0, false, `const axios = require("axios"); axios.post("https://e.example", {})`},
	{JS, "XMLHttpRequest", Sends, 0, false, `new XMLHttpRequest()`},
	{JS, "WebSocket", Sends, 0, false, `new WebSocket("wss://e.example")`},
	{JS, "dgram.createSocket", Sends, 0, false, `require("dgram").createSocket("udp4")`},
	{JS, "net.connect", Connects, 0, false, `require("net").connect(1, "h")`},
	{JS, "net.createConnection", Connects, 0, false, `require("net").createConnection(1, "h")`},
	{JS, "net.Socket", Connects, 0, false, `const net = require("net"); new net.Socket()`},
	{JS, "tls.connect", Connects, 0, false, `require("tls").connect(443, "h")`},
	{JS, "Deno.connect", Connects, 0, false, `await Deno.connect({hostname: "h", port: 1})`},
	{JS, "Bun.connect", Connects, 0, false, `await Bun.connect({hostname: "h", port: 1})`},
	{JS, "eval", Evaluates, 0, false, `eval("1+1")`},
	{JS, "Function", Evaluates, 0, false, `new Function("return 1")()`},
	{JS, "vm.runInThisContext", Evaluates, 0, false, `require("vm").runInThisContext("1")`},
	{JS, "vm.runInNewContext", Evaluates, 0, false, `require("vm").runInNewContext("1")`},
	{JS, "atob", Decodes, 0, false, `atob("aGk=")`},
	{JS, "Buffer.from", Decodes, 0, false, `Buffer.from("aGk=", "base64")`},
	{JS, "String.fromCharCode", Decodes, 0, false, `String.fromCharCode(104, 105)`},
	{JS, "zlib.inflateSync", Decodes, 0, false, `require("zlib").inflateSync(b)`},
	{JS, "zlib.gunzipSync", Decodes, 0, false, `require("zlib").gunzipSync(b)`},
	{JS, "require", Loads, 0, false, `require("fs")`},
	{JS, "import", Loads, 0, false, `import("./x.js")`},
	{JS, ".push", Grows, 0, false, `const a = []; a.push(1)`},
	{JS, "Buffer.alloc", Grows, 0, false, `Buffer.alloc(10)`},
	{JS, "Array", Grows, 0, false, `new Array(10)`},
	{JS, ".repeat", Grows, 0, false, `"x".repeat(10)`},
	{JS, "setTimeout", Waits, 0, false, `setTimeout(() => {}, 1)`},
	{JS, ".writeFileSync", Writes, 0, false, `require("fs").writeFileSync("x", "y")`},
	{JS, ".appendFileSync", Writes, 0, false, `require("fs").appendFileSync("x", "y")`},
	{JS, "fs.writeFile", Writes, 0, false, `const fs = require("fs"); fs.writeFile("x", "y", () => {})`},
	{JS, "fs.appendFile", Writes, 0, false, `const fs = require("fs"); fs.appendFile("x", "y", () => {})`},
	{JS, "fs.promises.writeFile", Writes, 0, false, `require("fs").promises.writeFile("x", "y")`},
	{JS, ".createWriteStream", Writes, 0, false, `require("fs").createWriteStream("x")`},
	{JS, ".copyFileSync", Writes, 0, false, `require("fs").copyFileSync("a", "b")`},
	{JS, ".renameSync", Writes, 0, false, `require("fs").renameSync("a", "b")`},
	{JS, ".symlinkSync", Writes, 0, false, `require("fs").symlinkSync("a", "b")`},
	{JS, "Deno.writeTextFileSync", Writes, 0, false, `Deno.writeTextFileSync("x", "y")`},
	{JS, "Deno.writeTextFile", Writes, 0, false, `await Deno.writeTextFile("x", "y")`},
	{JS, "Deno.writeFile", Writes, 0, false, `await Deno.writeFile("x", b)`},
	{JS, "Bun.write", Writes, 0, false, `await Bun.write("x", "y")`},
	{JS, "Deno.env.get", ReadsVar, 0, false, `Deno.env.get("HOME")`},
	{JS, "Deno.env.toObject", Env, 0, false, `Deno.env.toObject()`},
	{JS, "process.env", Env, 0, false, `console.log(process.env.HOME)`},
	{JS, "Bun.env", Env, 0, false, `console.log(Bun.env.HOME)`},
	{JS, "os.homedir", Home, 0, false, `require("os").homedir()`},

	// Perl
	{Perl, "system", RunsCommand, 0, false, `system("id")`},
	{Perl, "exec", RunsCommand, 0, false, `exec "/bin/sh";`},
	{Perl, "readpipe", RunsCommand, 0, false, `readpipe("id")`},
	{Perl, "rmtree", DeletesTree, 0, false, `use File::Path; rmtree("build")`},
	{Perl, "remove_tree", DeletesTree, 0, false, `use File::Path qw(remove_tree); remove_tree("build")`},
	{Perl, "File::Path::rmtree", DeletesTree, 0, false, `File::Path::rmtree("build")`},
	{Perl, "File::Path::remove_tree", DeletesTree, 0, false, `File::Path::remove_tree("build")`},
	{Perl, "unlink", DeletesFile, 0, false, `unlink("x")`},
	{Perl, "rmdir", DeletesFile, 0, false, `rmdir("x")`},
	{Perl, "LWP::UserAgent->new", Sends, 0, false, `LWP::UserAgent->new()`},
	{Perl, "LWP::Simple::get", Sends, 0, false, `LWP::Simple::get("https://e.example")`},
	{Perl, "getstore", Sends, 0, false, `use LWP::Simple; getstore("https://e.example", "x")`},
	{Perl, "HTTP::Tiny->new", Sends, 0, false, `HTTP::Tiny->new()`},
	{Perl, "IO::Socket::INET->new", Connects, 0, false, `IO::Socket::INET->new("h:1")`},
	{Perl, "IO::Socket::SSL->new", Connects, 0, false, `IO::Socket::SSL->new("h:443")`},
	{Perl, "socket", Connects, 0, false, `socket(S, PF_INET, SOCK_STREAM, 6)`},
	{Perl, "eval", Evaluates, 0, false, `eval("1")`},
	{Perl, "decode_base64", Decodes, 0, false, `use MIME::Base64; decode_base64("aGk=")`},
	{Perl, "MIME::Base64::decode_base64", Decodes, 0, false, `MIME::Base64::decode_base64("aGk=")`},
	{Perl, "pack", Decodes, 0, false, `pack("H*", "6869")`},
	{Perl, "unpack", Decodes, 0, false, `unpack("m", "aGk=")`},
	{Perl, "fork", Forks, 0, false, `fork()`},
	{Perl, "push", Grows, 0, false, `push(@a, 1)`},
	{Perl, "sleep", Waits, 0, false, `sleep(1)`},
	{Perl, "open", Writes, 2, false, `open(my $f, ">>", "x")`},
	{Perl, "sysopen", Writes, 0, false, `sysopen(F, "x", 1)`},
	{Perl, "rename", Writes, 0, false, `rename("a", "b")`},
	{Perl, "symlink", Writes, 0, false, `symlink("a", "b")`},
	{Perl, "$ENV", Env, 0, false, `print $ENV{HOME}`},
	{Perl, "%ENV", Env, 0, false, `print %ENV`},

	// Ruby
	{Ruby, "system", RunsCommand, 0, false, `system("id")`},
	{Ruby, "exec", RunsCommand, 0, false, `exec "/bin/sh"`},
	{Ruby, "spawn", RunsCommand, 0, false, `spawn("id")`},
	{Ruby, "Kernel.system", RunsCommand, 0, false, `Kernel.system("id")`},
	{Ruby, "Kernel.exec", RunsCommand, 0, false, `Kernel.exec("id")`},
	{Ruby, "Kernel.spawn", RunsCommand, 0, false, `Kernel.spawn("id")`},
	{Ruby, "Process.spawn", RunsCommand, 0, false, `Process.spawn("id")`},
	{Ruby, "IO.popen", RunsCommand, 0, false, `IO.popen("id").read`},
	{Ruby, "Open3.capture2", RunsCommand, 0, false, `require "open3"; Open3.capture2("id")`},
	{Ruby, "Open3.capture3", RunsCommand, 0, false, `require "open3"; Open3.capture3("id")`},
	{Ruby, "Open3.popen3", RunsCommand, 0, false, `require "open3"; Open3.popen3("id")`},
	{Ruby, "PTY.spawn", RunsCommand, 0, false, `require "pty"; PTY.spawn("/bin/sh")`},
	{Ruby, "FileUtils.rm_rf", DeletesTree, 0, false, `require "fileutils"; FileUtils.rm_rf("build")`},
	{Ruby, "FileUtils.rm_r", DeletesTree, 0, false, `require "fileutils"; FileUtils.rm_r("build")`},
	{Ruby, "FileUtils.remove_dir", DeletesTree, 0, false, `require "fileutils"; FileUtils.remove_dir("build")`},
	{Ruby, "FileUtils.remove_entry", DeletesTree, 0, false, `require "fileutils"; FileUtils.remove_entry("build")`},
	{Ruby, "FileUtils.remove_entry_secure", DeletesTree, 0, false, `require "fileutils"; FileUtils.remove_entry_secure("build")`},
	{Ruby, "FileUtils.rmtree", DeletesTree, 0, false, `require "fileutils"; FileUtils.rmtree("build")`},
	{Ruby, "FileUtils.rm", DeletesFile, 0, false, `require "fileutils"; FileUtils.rm("x")`},
	{Ruby, "FileUtils.rm_f", DeletesFile, 0, false, `require "fileutils"; FileUtils.rm_f("x")`},
	{Ruby, "FileUtils.remove_file", DeletesFile, 0, false, `require "fileutils"; FileUtils.remove_file("x")`},
	{Ruby, "File.delete", DeletesFile, 0, false, `File.delete("x")`},
	{Ruby, "File.unlink", DeletesFile, 0, false, `File.unlink("x")`},
	{Ruby, ".destroy_all", DeletesAll, 0, false, `User.destroy_all`},
	{Ruby, ".delete_all", DeletesAll, 0, false, `User.delete_all`},
	{Ruby, ".flushall", DeletesAll, 0, false, `redis.flushall`},
	{Ruby, ".flushdb", DeletesAll, 0, false, `redis.flushdb`},
	{Ruby, "Net::HTTP.get", Sends, 0, false, `Net::HTTP.get(URI("https://e.example"))`},
	{Ruby, "Net::HTTP.post", Sends, 0, false, `Net::HTTP.post(URI("https://e.example"), "x")`},
	{Ruby, "Net::HTTP.post_form", Sends, 0, false, `Net::HTTP.post_form(URI("https://e.example"), {})`},
	{Ruby, "Net::HTTP.start", Sends, 0, false, `Net::HTTP.start("e.example")`},
	{Ruby, "Net::HTTP.new", Sends, 0, false, `Net::HTTP.new("e.example")`},
	{Ruby, "URI.open", Sends, 0, false, `require "open-uri"; URI.open("https://e.example").read`},
	{Ruby, "TCPSocket.new", Connects, 0, false, `require "socket"; TCPSocket.new("h", 1)`},
	{Ruby, "TCPSocket.open", Connects, 0, false, `require "socket"; TCPSocket.open("h", 1)`},
	{Ruby, "eval", Evaluates, 0, false, `eval("1")`},
	{Ruby, ".instance_eval", Evaluates, 0, false, `Object.new.instance_eval("1")`},
	{Ruby, ".class_eval", Evaluates, 0, false, `String.class_eval("1")`},
	{Ruby, ".module_eval", Evaluates, 0, false, `Kernel.module_eval("1")`},
	{Ruby, "Base64.decode64", Decodes, 0, false, `require "base64"; Base64.decode64("aGk=")`},
	{Ruby, "Base64.strict_decode64", Decodes, 0, false, `require "base64"; Base64.strict_decode64("aGk=")`},
	{Ruby, ".unpack1", Decodes, 0, false, `"aGk=".unpack1("m")`},
	{Ruby, ".unpack", Decodes, 0, false, `"aGk=".unpack("m")`},
	{Ruby, ".send", Reflects, 0, false, `Kernel.send("puts", 1)`},
	{Ruby, ".public_send", Reflects, 0, false, `Kernel.public_send("puts", 1)`},
	{Ruby, "Object.const_get", Reflects, 0, false, `Object.const_get("File")`},
	{Ruby, "fork", Forks, 0, false, `fork { }`},
	{Ruby, "Process.fork", Forks, 0, false, `Process.fork { }`},
	{Ruby, ".push", Grows, 0, false, `a = []; a.push(1)`},
	{Ruby, "sleep", Waits, 0, false, `sleep(1)`},
	{Ruby, "open", Writes, 2, false, `open("x", "a") { |f| f.puts 1 }`},
	{Ruby, "File.write", Writes, 0, false, `File.write("x", "y")`},
	{Ruby, "IO.write", Writes, 0, false, `IO.write("x", "y")`},
	{Ruby, "File.open", Writes, 2, false, `File.open("x", "w") { |f| f.puts 1 }`},
	{Ruby, "File.rename", Writes, 0, false, `File.rename("a", "b")`},
	{Ruby, "File.symlink", Writes, 0, false, `File.symlink("a", "b")`},
	{Ruby, "FileUtils.cp", Writes, 0, false, `require "fileutils"; FileUtils.cp("a", "b")`},
	{Ruby, "FileUtils.mv", Writes, 0, false, `require "fileutils"; FileUtils.mv("a", "b")`},
	{Ruby, "FileUtils.ln_s", Writes, 0, false, `require "fileutils"; FileUtils.ln_s("a", "b")`},
	{Ruby, "ENV.fetch", ReadsVar, 0, false, `ENV.fetch("HOME")`},
	{Ruby, "ENV", Env, 0, false, `puts ENV["HOME"]`},
	{Ruby, "Dir.home", Home, 0, false, `puts Dir.home`},

	// PHP
	{PHP, "system", RunsCommand, 0, false, `system("id");`},
	{PHP, "exec", RunsCommand, 0, false, `exec("id");`},
	{PHP, "shell_exec", RunsCommand, 0, false, `shell_exec("id");`},
	{PHP, "passthru", RunsCommand, 0, false, `passthru("id");`},
	{PHP, "popen", RunsCommand, 0, false, `popen("id", "r");`},
	{PHP, "proc_open", RunsCommand, 0, false, `proc_open("id", [], $p);`},
	{PHP, "pcntl_exec", RunsCommand, 0, false, `pcntl_exec("/bin/sh");`},
	{PHP, "unlink", DeletesFile, 0, false, `unlink("x");`},
	{PHP, "rmdir", DeletesFile, 0, false, `rmdir("x");`},
	{PHP, "file_get_contents", Sends, 0, true, `file_get_contents("https://e.example");`},
	{PHP, "curl_exec", Sends, 0, false, `curl_exec($ch);`},
	{PHP, "curl_init", Sends, 0, false, `curl_init("https://e.example");`},
	{PHP, "stream_context_create", Sends, 0, false, `stream_context_create([]);`},
	{PHP, "fsockopen", Connects, 0, false, `fsockopen("h", 1);`},
	{PHP, "stream_socket_client", Connects, 0, false, `stream_socket_client("tcp://h:1");`},
	{PHP, "socket_create", Connects, 0, false, `socket_create(AF_INET, SOCK_STREAM, SOL_TCP);`},
	{PHP, "eval", Evaluates, 0, false, `eval("echo 1;");`},
	{PHP, "assert", Evaluates, 0, false, `assert("1");`},
	{PHP, "create_function", Evaluates, 0, false, `create_function("", "echo 1;");`},
	{PHP, "base64_decode", Decodes, 0, false, `base64_decode("aGk=");`},
	{PHP, "hex2bin", Decodes, 0, false, `hex2bin("6869");`},
	{PHP, "gzinflate", Decodes, 0, false, `gzinflate($x);`},
	{PHP, "str_rot13", Decodes, 0, false, `str_rot13("uv");`},
	{PHP, "call_user_func", Reflects, 0, false, `call_user_func("phpinfo");`},
	{PHP, "pcntl_fork", Forks, 0, false, `pcntl_fork();`},
	{PHP, "sleep", Waits, 0, false, `sleep(1);`},
	{PHP, "file_put_contents", Writes, 0, false, `file_put_contents("x", "y");`},
	{PHP, "fopen", Writes, 2, false, `fopen("x", "w");`},
	{PHP, "rename", Writes, 0, false, `rename("a", "b");`},
	{PHP, "copy", Writes, 0, false, `copy("a", "b");`},
	{PHP, "symlink", Writes, 0, false, `symlink("a", "b");`},
	{PHP, "getenv", ReadsVar, 0, false, `echo getenv("HOME");`},
	{PHP, "$_ENV", Env, 0, false, `echo $_ENV["HOME"];`},
	{PHP, "$_SERVER", Env, 0, false, `echo $_SERVER["HOME"];`},

	// Lua
	{Lua, "os.execute", RunsCommand, 0, false, `os.execute("id")`},
	{Lua, "io.popen", RunsCommand, 0, false, `io.popen("id")`},
	{Lua, "os.remove", DeletesFile, 0, false, `os.remove("x")`},
	{Lua, "os.rename", Writes, 0, false, `os.rename("a", "b")`},
	{Lua, "io.open", Writes, 2, false, `io.open("x", "w")`},
	{Lua, "load", Evaluates, 0, false, `load("return 1")()`},
	{Lua, "loadstring", Evaluates, 0, false, `loadstring("return 1")()`},
	{Lua, "dofile", Evaluates, 0, false, `dofile("x.lua")`},
	{Lua, "socket.connect", Connects, 0, false, `require("socket").connect("h", 1)`},
	{Lua, "socket.tcp", Connects, 0, false, `local socket = require("socket"); socket.tcp()`},
	{Lua, "os.getenv", ReadsVar, 0, false, `print(os.getenv("HOME"))`},

	// R
	{R, "system", RunsCommand, 0, false, `system("id")`},
	{R, "system2", RunsCommand, 0, false, `system2("id")`},
	{R, "unlink", DeletesFile, 0, false, `unlink("x")`},
	{R, "file.remove", DeletesFile, 0, false, `file.remove("x")`},
	{R, "download.file", Sends, 0, false, `download.file("https://e.example", "x")`},
	{R, "url", Sends, 0, false, `readLines(url("https://e.example"))`},
	{R, "httr::GET", Sends, 0, false, `httr::GET("https://e.example")`},
	{R, "httr::POST", Sends, 0, false, `httr::POST("https://e.example")`},
	{R, "socketConnection", Connects, 0, false, `socketConnection("h", 1)`},
	{R, "eval", Evaluates, 0, false, `eval(parse(text = "1"))`},
	{R, "source", Evaluates, 0, false, `source("x.R")`},
	{R, "base64enc::base64decode", Decodes, 0, false, `base64enc::base64decode("aGk=")`},
	{R, "rawToChar", Decodes, 0, false, `rawToChar(as.raw(104))`},
	{R, "Sys.sleep", Waits, 0, false, `Sys.sleep(1)`},
	{R, "writeLines", Writes, 0, false, `writeLines("y", "x")`},
	{R, "file.rename", Writes, 0, false, `file.rename("a", "b")`},
	{R, "file.copy", Writes, 0, false, `file.copy("a", "b")`},
	{R, "sink", Writes, 0, false, `sink("x")`},
	{R, "Sys.getenv", ReadsVar, 0, false, `Sys.getenv("HOME")`},
	{R, "path.expand", Home, 0, false, `path.expand("~")`},
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
