import { expect } from 'chai';
import path from 'node:path';
import { Hook, Policy, listenerMetadataOf } from '../../../src/di/decorators.js';

const ESM_DECORATORS = path.resolve(__dirname, '../../../esm/src/di/decorators.js');

class Parent {
  @Hook('preToolExecution', ['echo_tool'])
  first(): void {}
}

class Child extends Parent {
  @Policy('postParamsNormalization', ['*'])
  second(): boolean {
    return false;
  }
}

class Quiet extends Child {}

describe('listener metadata of decorated classes', () => {
  describe('when classes inherit decorated methods', () => {
    it('gives a subclass its ancestors\' listeners, then its own, leaving the ancestors\' as they were', () => {
      expect(listenerMetadataOf(Parent).map((meta) => meta.methodName)).to.deep.equal(['first']);
      expect(listenerMetadataOf(Child).map((meta) => [meta.kind, meta.methodName])).to.deep.equal([
        ['hook', 'first'],
        ['policy', 'second'],
      ]);
      expect(listenerMetadataOf(new Quiet())).to.equal(listenerMetadataOf(Child));
    });

    it('keeps the record out of the class\'s enumerable statics and out of reach of changes', () => {
      expect(Object.keys(Child)).to.deep.equal([]);
      expect(Object.isFrozen(listenerMetadataOf(Child))).to.equal(true);
    });

    it('reads an object without a constructor as undecorated rather than failing', () => {
      expect(listenerMetadataOf(Object.create(null) as object)).to.deep.equal([]);
    });
  });

  describe('when a class is decorated through the ES-module build', () => {
    it('is read by the CommonJS build, and the other way round', async () => {
      const esm = (await import(ESM_DECORATORS)) as typeof import('../../../src/di/decorators.js');
      class FromEsm {
        run(): void {}
      }
      esm.Hook('postToolExecution', ['echo_tool'])(FromEsm.prototype, 'run', Object.getOwnPropertyDescriptor(FromEsm.prototype, 'run')!);
      expect(listenerMetadataOf(FromEsm).map((meta) => [meta.stage, meta.methodName])).to.deep.equal([['postToolExecution', 'run']]);
      expect(esm.listenerMetadataOf(Child).map((meta) => meta.methodName)).to.deep.equal(['first', 'second']);
    });
  });
});
