/**
 * Names of body members that hold a credential of their own, which the kit can only make up: a
 * sign-in's password, a one-time code (English, Portuguese `senha`, Spanish `contraseña`, French
 * `mot de passe`).
 */
export const SECRET_MEMBER =
  /^(?:password|passwd|pass|passphrase|secret|otp|pin|senha|contrase(?:ñ|n)a|mot_?de_?passe)$/i;
