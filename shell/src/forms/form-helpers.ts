export type FieldErrors = Record<string, string>;

// Move focus to the first field with a problem, in form order, so keyboard and screen reader
// users land on it.
export function focusFirstError(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

// "400: Invalid or expired reset token" → "Invalid or expired reset token" for inline messages.
export function withoutStatus(message: string): string {
  return message.replace(/^\d{3}: /, '');
}
