import { expect } from 'chai';
import { MIRROR_ROUTES } from '../../src/devnet/mirror/routes.js';
import { matchRoute } from '../../src/devnet/mirror/mirror-router.js';
import { getJson, MirrorOpenApi, postJson } from './mirror-openapi.js';

const spec = new MirrorOpenApi();

/**
 * GET a mirror path (with `/api/v1`) and check the answer against the OpenAPI schema of the operation
 * it hits, for the status it has; returns the body when the status is the expected one.
 */
export async function checkedGet(mirrorUrl: string, path: string, status = 200): Promise<any> {
  const response = await getJson(`${mirrorUrl}${path}`);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).to.equal(status);
  const route = matchRoute(MIRROR_ROUTES, new URL(path, 'http://x').pathname.replace(/^\/api\/v1/, ''));
  expect(route, `${path} matches no served route`).to.not.equal(undefined);
  expect(spec.errors(route!.route.path, response.status, response.body), path).to.deep.equal([]);
  return response.body;
}

/**
 * POST a body to `/contracts/call` and check the answer against the schema of its status; returns the
 * body when the status is the expected one. A body the document would refuse may be sent on purpose
 * (to see the devnet refuse it too); `conforming` says which kind it is, and is checked.
 */
export async function checkedCall(mirrorUrl: string, body: unknown, status = 200, conforming = status === 200): Promise<any> {
  expect(spec.requestErrors('/contracts/call', body).length === 0, `request ${JSON.stringify(body)} conforms: ${spec.requestErrors('/contracts/call', body).join('; ')}`).to.equal(conforming);
  const response = await postJson(`${mirrorUrl}/api/v1/contracts/call`, body);
  expect(response.status, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).to.equal(status);
  expect(spec.errors('/contracts/call', response.status, response.body), JSON.stringify(body)).to.deep.equal([]);
  return response.body;
}
