import { expect } from 'chai';
import { VERSION } from '../../src/index.js';
describe('smoke', () => { it('loads', () => { expect(VERSION).to.equal('0.1.0'); }); });
