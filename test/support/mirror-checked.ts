import { expect } from 'chai';
import { MIRROR_ROUTES } from '../../src/devnet/mirror/routes.js';
import { matchRoute } from '../../src/devnet/mirror/mirror-router.js';
import { getJson, MirrorOpenApi } from './mirror-openapi.js';

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
