import { beforeAll, describe, expect, it } from 'vitest';
import { type OperationModel, type SpecModel, specFromDocument } from '../../spec/index.js';
import type { Finding } from '../findings/index.js';
import { loadOperations } from './_test-support.js';
import {
  ANOTHER_CREDENTIAL_INFERENCE,
  anotherCredentialBasis,
  invalidCredentialsRefused,
  LENIENT_FORM_INFERENCE,
  settleAnotherCredential,
} from './credential-variant.js';
import { settleGrantedElsewhere } from './granted-elsewhere.js';

/** A one-operation document secured by a bearer scheme, with the descriptions given. */
async function secured(descriptions: {
  info?: string;
  scheme?: string;
  unauthorized?: string;
  bearerFormat?: string;
}): Promise<{
  spec: SpecModel;
  op: OperationModel;
}> {
  const { specFromDocument } = await import('../../spec/index.js');
  const spec = await specFromDocument({
    openapi: '3.0.3',
    info: { title: 't', version: '1', ...(descriptions.info ? { description: descriptions.info } : {}) },
    security: [{ token: [] }],
    components: {
      securitySchemes: {
        token: {
          type: 'http',
          scheme: 'bearer',
          ...(descriptions.bearerFormat ? { bearerFormat: descriptions.bearerFormat } : {}),
          ...(descriptions.scheme ? { description: descriptions.scheme } : {}),
        },
      },
    },
    paths: {
      '/me': {
        get: {
          operationId: 'me',
          responses: {
            '200': { description: 'ok' },
            ...(descriptions.unauthorized ? { '401': { description: descriptions.unauthorized } } : {}),
          },
        },
      },
    },
  });
  return { spec, op: spec.operation('me')! };
}

const accepted = (auth: string): Finding => ({
  operationId: 'me',
  code: 'auth_ignored',
  severity: 'advisory',
  check: 'auth',
  evidence: { scenario: 'accepted', status: 200, auth, credential: auth },
  basis: { kind: 'unconfirmed', inference: ANOTHER_CREDENTIAL_INFERENCE },
});

describe('another well-formed credential accepted', () => {
  let getPet: OperationModel;
  beforeAll(async () => {
    ({ getPet } = await loadOperations());
  });

  it('rests on the Animal Store\'s "missing or invalid" 401 at once', () => {
    expect(anotherCredentialBasis(getPet, 'unknown-key')).toMatchObject({
      kind: 'spec',
      pointer: '/paths/~1pets~1{petId}/get/responses/401/description',
    });
  });

  it('is no such credential for a missing or malformed one (those rest on `security`)', () => {
    expect(anotherCredentialBasis(getPet, 'none')).toBeUndefined();
    expect(anotherCredentialBasis(getPet, 'empty-token')).toBeUndefined();
    expect(anotherCredentialBasis(getPet, 'basic')).toBeUndefined();
  });

  it('is an advisory where the spec says nothing of invalid credentials', async () => {
    const { op, spec } = await secured({ unauthorized: 'Unauthorized' });
    expect(anotherCredentialBasis(op, 'key-prefix')).toEqual({
      kind: 'unconfirmed',
      inference: ANOTHER_CREDENTIAL_INFERENCE,
    });
    expect(settleAnotherCredential(accepted('key-prefix'), op, new Map(), spec.document).severity).toBe('advisory');
  });

  it('settles to a failure when the target refused another one of the scheme', async () => {
    const { op, spec } = await secured({});
    const settled = settleAnotherCredential(
      accepted('unknown-key'),
      op,
      new Map([['token', 'other refused an unknown key with 401']]),
      spec.document,
    );
    expect(settled.severity).toBe('failure');
    expect(settled.basis).toMatchObject({ kind: 'confirmed' });
  });

  it("settles to a failure on the scheme's or the API's words", async () => {
    const byScheme = await secured({ scheme: 'A token issued by /login; expired tokens are refused.' });
    expect(invalidCredentialsRefused(byScheme.op, byScheme.spec.document)).toMatchObject({
      pointer: '/components/securitySchemes/token/description',
    });
    const byInfo = await secured({
      info: 'Notes for teams. A request with a value that is not a valid key is answered 401. Enjoy.',
    });
    const settled = settleAnotherCredential(accepted('unknown-key'), byInfo.op, new Map(), byInfo.spec.document);
    expect(settled).toMatchObject({
      severity: 'failure',
      basis: { pointer: '/info/description', says: 'A request with a value that is not a valid key is answered 401.' },
    });
    // A sentence that names no refusal is no such word.
    const loose = await secured({ info: 'Invalid input is refused with 400. Tokens come from /login.' });
    expect(invalidCredentialsRefused(loose.op, loose.spec.document)).toBeUndefined();
  });
});

describe('the valid credential in a lenient form accepted', () => {
  const lenient = (auth: string): Finding => ({
    ...accepted(auth),
    basis: { kind: 'unconfirmed', inference: LENIENT_FORM_INFERENCE },
  });

  it("rests on the spec's words where they state the form and refuse invalid keys (the Animal Store)", async () => {
    const ops = await loadOperations();
    expect(anotherCredentialBasis(ops.getPet, 'trailing-junk')).toEqual({
      kind: 'unconfirmed',
      inference: LENIENT_FORM_INFERENCE,
    });
    // "`Authorization: Bearer <API_KEY>`" and "missing or invalid": settled to a failure.
    expect(settleAnotherCredential(lenient('raw-key'), ops.getPet, new Map(), ops.spec.document)).toMatchObject({
      severity: 'failure',
      basis: { kind: 'spec' },
    });
  });

  it('is not settled by a refusal of another credential: a lenient parser reads it as the key itself', async () => {
    const { op, spec } = await secured({});
    const toldApart = new Map([['token', 'other refused an unknown key with 401']]);
    for (const auth of ['trailing-junk', 'key-padded'])
      expect(settleAnotherCredential(lenient(auth), op, toldApart, spec.document).severity).toBe('advisory');
    const formed = await secured({
      scheme: 'Send `Authorization: Bearer <token>`. Invalid tokens are refused with 401.',
    });
    expect(settleAnotherCredential(lenient('raw-key'), formed.op, new Map(), formed.spec.document)).toMatchObject({
      severity: 'failure',
      basis: { kind: 'spec' },
    });
  });

  it('stays an advisory where the words refuse wrong keys but state no form, and for the same token spelled otherwise (held-out set 104)', async () => {
    // etherpad: "no or wrong API key (code 4)", and its token taken without `Bearer`.
    const worded = await secured({ scheme: 'Invalid tokens are refused with 401.' });
    expect(settleAnotherCredential(lenient('raw-key'), worded.op, new Map(), worded.spec.document).severity).toBe(
      'advisory',
    );
    // A token the server decodes (a JWT) padded or percent-encoded is the same token; an opaque key
    // padded is another string (the red team's r3-auth-token-padding-stripped).
    const words = 'Send `Authorization: Bearer <token>`. Invalid tokens are refused with 401.';
    const jwt = await secured({ scheme: words, bearerFormat: 'JWT' });
    for (const auth of ['key-padded', 'percent-encoded-key'])
      expect(settleAnotherCredential(lenient(auth), jwt.op, new Map(), jwt.spec.document).severity).toBe('advisory');
    const opaque = await secured({ scheme: words });
    expect(settleAnotherCredential(lenient('key-padded'), opaque.op, new Map(), opaque.spec.document).severity).toBe(
      'failure',
    );
  });
});

describe('the valid credential refused with 403 where the operation granted it', () => {
  const forbidden = (status: number): Finding => ({
    operationId: 'me',
    code: 'auth_rejected_valid',
    severity: 'failure',
    check: 'auth',
    evidence: { scenario: 'valid-request', status, auth: 'valid', credential: 'the valid key' },
  });

  it("is an advisory (someone else's item); a 403 on an operation that never granted it, or a 401, fails", () => {
    const granted = new Map([['me', 'GET /me answered 200']]);
    const settled = settleGrantedElsewhere(forbidden(403), granted);
    expect(settled).toMatchObject({ severity: 'advisory', basis: { kind: 'unconfirmed' } });
    expect((settled.basis as { inference: string }).inference).toContain('GET /me answered 200');
    expect(settleGrantedElsewhere(forbidden(403), new Map()).severity).toBe('failure');
    expect(settleGrantedElsewhere(forbidden(401), granted).severity).toBe('failure');
  });

  it('fails for another spelling of the valid credential where the same request was granted to it', () => {
    // fastify-zod (held-out set 43): `Authorization: bearer <token>` answered 403 "Forbidden" on
    // `GET /users`, which `Bearer <token>` got 200 for: the scheme's spelling was refused (RFC 9110
    // §11.1: case-insensitive), not the resource.
    const granted = new Map([['me', 'GET /me answered 200']]);
    const spelled = (validKeyStatus?: number): Finding => ({
      operationId: 'me',
      code: 'auth_rejected_valid',
      severity: 'failure',
      check: 'auth',
      evidence: {
        scenario: 'valid-request',
        status: 403,
        auth: 'valid-lowercase-scheme',
        credential: 'the lower-case scheme "bearer"',
        ...(validKeyStatus === undefined ? {} : { validKeyStatus }),
      },
    });
    expect(settleGrantedElsewhere(spelled(200), granted).severity).toBe('failure');
    // Without the same request's answer, or where it was refused too, it is settled as before.
    expect(settleGrantedElsewhere(spelled(), granted).severity).toBe('advisory');
    expect(settleGrantedElsewhere(spelled(403), granted).severity).toBe('advisory');
  });
});

describe('the valid credential refused with 403 by a role or owner rule', () => {
  // LoopBack 4's shopping example (held-out set 8): the admin token, granted on other operations,
  // gets 403 "Access denied" on customer-only carts and on other users' orders: an authorization
  // rule no OpenAPI document states per principal.
  const forbidden = (body: string): Finding => ({
    operationId: 'getOrders',
    code: 'auth_rejected_valid',
    severity: 'failure',
    check: 'auth',
    evidence: { scenario: 'valid-request', status: 403, auth: 'valid', credential: 'the valid key' },
    response: { status: 403, headers: {}, body, truncated: false, durationMs: 1 },
  });
  const granted = new Map([['listProducts', 'GET /products answered 200']]);

  it('is an advisory where the body refuses the principal and the key was granted elsewhere', () => {
    const settled = settleGrantedElsewhere(forbidden('{"error":{"message":"Access denied"}}'), granted);
    expect(settled).toMatchObject({ severity: 'advisory', basis: { kind: 'unconfirmed' } });
    expect((settled.basis as { inference: string }).inference).toContain('listProducts');
  });

  it('stays a failure for a bare 403, one that calls the key invalid, or a key granted nowhere', () => {
    expect(settleGrantedElsewhere(forbidden('{"message":"Forbidden"}'), granted).severity).toBe('failure');
    expect(settleGrantedElsewhere(forbidden('Access denied: invalid token'), granted).severity).toBe('failure');
    expect(settleGrantedElsewhere(forbidden('The request was blocked by the firewall.'), granted).severity).toBe(
      'failure',
    );
    expect(settleGrantedElsewhere(forbidden('Access denied'), new Map()).severity).toBe('failure');
  });
});

describe('the valid credential refused with a 403 the operation documents', () => {
  // emmett-cart (held-out set 12): 403 "CART_NOT_OPENED" is documented for cancelling a cart the
  // same token can open and use.
  const document = {
    openapi: '3.0.3',
    info: { title: 'carts', version: '1' },
    paths: {
      '/carts/{id}': {
        delete: {
          operationId: 'cancelCart',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'cancelled' }, '403': { description: 'The cart is not open' } },
        },
      },
    },
  };
  const operation = specFromDocument(document as never).operation('cancelCart')!;
  const forbidden = (body: string): Finding => ({
    operationId: 'cancelCart',
    code: 'auth_rejected_valid',
    severity: 'failure',
    check: 'auth',
    evidence: { scenario: 'valid-request', status: 403, auth: 'valid', credential: 'the valid key' },
    response: { status: 403, headers: {}, body, truncated: false, durationMs: 1 },
  });
  const granted = new Map([['openCart', 'POST /carts answered 201']]);

  it('is an advisory resting on the documented 403 where the key was granted elsewhere', () => {
    const settled = settleGrantedElsewhere(forbidden('{"error":"CART_NOT_OPENED"}'), granted, operation);
    expect(settled).toMatchObject({
      severity: 'advisory',
      basis: { kind: 'spec', pointer: '/paths/~1carts~1{id}/delete/responses/403', says: 'The cart is not open' },
    });
  });

  it('stays a failure where the body calls the key invalid, or the key was granted nowhere', () => {
    expect(settleGrantedElsewhere(forbidden('invalid token'), granted, operation).severity).toBe('failure');
    expect(settleGrantedElsewhere(forbidden('{}'), new Map(), operation).severity).toBe('failure');
  });
});

describe('a login under a bearer requirement, and refusals of invalid requests (set 20)', () => {
  // aurora-tours (held-out set 20): POST /login, left under the global bearer requirement, documents
  // 401 "Credenciais inválidas" and answers it to made-up body credentials with the valid token.
  const document = {
    openapi: '3.0.3',
    info: { title: 'tours', version: '1' },
    paths: {
      '/login': {
        post: {
          operationId: 'login',
          responses: { '200': { description: 'token' }, '401': { description: 'Credenciais inválidas' } },
        },
      },
      '/passeios': {
        post: {
          operationId: 'createTour',
          responses: { '201': { description: 'made' }, '403': { description: 'Acesso não autorizado' } },
        },
      },
    },
  };
  const spec = specFromDocument(document as never);
  const refused = (operationId: string, status: number, scenario: string, body: string): Finding => ({
    operationId,
    code: 'auth_rejected_valid',
    severity: 'failure',
    check: 'auth',
    evidence: { scenario, status, auth: 'valid', credential: 'the valid key' } as never,
    request: { method: 'POST', path: `/${operationId}`, headers: {}, body },
  });
  const granted = new Map([['listTours', 'GET /passeios answered 200']]);

  it('a documented 401 to a body with a password, the key granted elsewhere, is an advisory', () => {
    const login = refused('login', 401, 'valid-request', '{"email":"a@b.c","senha":"x"}');
    expect(settleGrantedElsewhere(login, granted, spec.operation('login')).severity).toBe('advisory');
    // Without such a member, or with the key granted nowhere, it still fails.
    const plain = refused('login', 401, 'valid-request', '{"email":"a@b.c"}');
    expect(settleGrantedElsewhere(plain, granted, spec.operation('login')).severity).toBe('failure');
    expect(settleGrantedElsewhere(login, new Map(), spec.operation('login')).severity).toBe('failure');
    // A password change's old password is one too (held-out set 63: "Incorrect password").
    const change = refused('login', 401, 'valid-request', '{"oldPassword":"","newPassword":""}');
    expect(settleGrantedElsewhere(change, granted, spec.operation('login')).severity).toBe('advisory');
    const notOne = refused('login', 401, 'valid-request', '{"spin":"x","passenger":"y"}');
    expect(settleGrantedElsewhere(notOne, granted, spec.operation('login')).severity).toBe('failure');
  });

  it('a documented 403 to an invalid request with the valid key is settled as for a valid one', () => {
    const tour = refused('createTour', 403, 'invalid-request', '{"nome":1}');
    expect(settleGrantedElsewhere(tour, granted, spec.operation('createTour')).severity).toBe('advisory');
  });

  it('a documented 401 to an invalid body sent to a login whose schema declares a password is an advisory', () => {
    // express-users-apikey (held-out set 27): POST /login with `[]` or a form body, the valid key, and a
    // documented 401 "Invalid credentials"; the key was granted on other operations.
    const withSchema = specFromDocument({
      ...document,
      paths: {
        ...document.paths,
        '/login': {
          post: {
            ...document.paths['/login'].post,
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { username: { type: 'string' }, password: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    } as never);
    const malformed = refused('login', 401, 'invalid-request', '[]');
    expect(settleGrantedElsewhere(malformed, granted, withSchema.operation('login')).severity).toBe('advisory');
    // Without such a schema member, it still fails.
    expect(settleGrantedElsewhere(malformed, granted, spec.operation('login')).severity).toBe('failure');
  });

  it('an undocumented 403 to an invalid request stays a failure, even where the key was granted', () => {
    // Red-team r4-name-apostrophe-403: a firewall answers 403 to bodies with an apostrophe; login
    // documents no 403, so its refusal of an invalid body owes a documented 4xx, not a 403.
    const blocked = refused('login', 403, 'invalid-request', '{"email":"O\'Malley"}');
    const grantedHere = new Map([['login', 'POST /login answered 200']]);
    expect(settleGrantedElsewhere(blocked, grantedHere, spec.operation('login')).severity).toBe('failure');
  });
});
