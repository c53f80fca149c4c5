#!/usr/bin/env node
/* The `agent-hooks` executable: the one place in src/ that talks to the terminal directly. */
import 'reflect-metadata';
import { exitWhenIdle } from './exit-when-idle.js';
import { runCli } from './program.js';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // A socket the SDK leaves behind may not hold the process open after its output.
    exitWhenIdle(code);
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
