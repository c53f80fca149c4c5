#!/usr/bin/env node
// Removes dist/ before a build so specs deleted from test/ do not keep running from stale output.
'use strict';
require('node:fs').rmSync(require('node:path').resolve(__dirname, '..', 'dist'), { recursive: true, force: true });
