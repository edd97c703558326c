#!/usr/bin/env node
// The reference for the ECMA-262 pattern differential (see CONTRIBUTING.md):
// JavaScript's own RegExp in Unicode mode (the `u` flag), which JSON Schema's
// `pattern` follows.
//
// Reads one batch as JSON, from the file named on the command line or from
// standard input:
//
//     [{"pattern": "^a?$", "subjects": ["", "a", "aa"]}, ...]
//
// and writes one answer per pattern, in order, as a JSON array:
//
//     {"valid": true, "matches": [true, true, false], "unassigned": [[], [], []]}
//     {"valid": false, "error": "Invalid regular expression: ..."}
//     {"valid": true, "timeout": true}
//
// `matches` says whether the pattern matches somewhere in each subject
// (`RegExp.prototype.test`, unanchored). `unassigned` lists, for each
// subject, the code points that this engine's Unicode data leaves
// unassigned, so that the caller can set aside subjects on which two
// versions of Unicode disagree rather than report them as a difference of
// the engines.
//
// JavaScript's engine backtracks, so a pattern such as `(a*)*b` can take
// exponential time on a subject of a few dozen characters. Each pattern is
// therefore matched in a worker thread that is stopped after
// ORACLE_TIMEOUT_MS milliseconds (default 2000); its answer is then
// `timeout`, and the caller leaves it out.
"use strict";

const fs = require("fs");
const { Worker, isMainThread, parentPort } = require("worker_threads");

const unassigned = /\p{Cn}/u;

function answer({ pattern, subjects }) {
    let regex;
    try {
        regex = new RegExp(pattern, "u");
    } catch (error) {
        return { valid: false, error: String(error.message) };
    }
    return {
        valid: true,
        matches: subjects.map((subject) => regex.test(subject)),
        unassigned: subjects.map((subject) =>
            Array.from(subject)
                .filter((character) => unassigned.test(character))
                .map((character) => character.codePointAt(0)),
        ),
    };
}

if (!isMainThread) {
    parentPort.on("message", (item) => parentPort.postMessage(answer(item)));
} else {
    const cases = JSON.parse(fs.readFileSync(process.argv[2] || 0, "utf8"));
    const timeout = Number(process.env.ORACLE_TIMEOUT_MS || 2000);
    const answers = new Array(cases.length);
    let worker = null;
    let next = 0;
    let timer = null;

    const finish = () => {
        if (worker) worker.terminate();
        process.stdout.write(JSON.stringify(answers));
    };

    const start = () => {
        worker = new Worker(__filename);
        worker.on("message", (result) => {
            clearTimeout(timer);
            answers[next] = result;
            next += 1;
            send();
        });
        worker.on("error", (error) => {
            clearTimeout(timer);
            answers[next] = { valid: true, timeout: true, error: String(error) };
            next += 1;
            worker = null;
            start();
            send();
        });
    };

    const send = () => {
        if (next >= cases.length) {
            finish();
            return;
        }
        timer = setTimeout(() => {
            // The worker is stuck in one pattern: stop it, and go on with a
            // new one.
            const stuck = worker;
            worker = null;
            stuck.removeAllListeners();
            stuck.terminate();
            answers[next] = { valid: true, timeout: true };
            next += 1;
            start();
            send();
        }, timeout);
        worker.postMessage(cases[next]);
    };

    start();
    send();
}
