// Loaded by mocha before any spec (see .mocharc.json): tsyringe needs the Reflect metadata API.
import 'reflect-metadata';
