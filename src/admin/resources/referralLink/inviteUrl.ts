/** The address a referral link's code is shared as: the registration page carrying the code (spec §3 key `code`). */
export const inviteUrl = (code: string) => `${window.location.origin}/register?code=${encodeURIComponent(code)}`;
