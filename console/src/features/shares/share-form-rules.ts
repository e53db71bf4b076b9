import { ZEmail } from '@mam/core';

/** The recipient chips that are no e-mail address, as typed, so the dialog can name them. */
export function invalidRecipients(recipients: readonly string[]): string[] {
  return recipients.filter((entry) => !ZEmail.safeParse(entry).success);
}

/** A password is optional; when typed it needs the minimum length before anything can be shared or sent. */
export function passwordProblem(password: string, minLength: number): boolean {
  return password.length > 0 && password.length < minLength;
}
