// "400: Invalid or expired reset token" → "Invalid or expired reset token" for inline messages.
export function withoutStatus(message: string): string {
  return message.replace(/^\d{3}: /, '');
}
