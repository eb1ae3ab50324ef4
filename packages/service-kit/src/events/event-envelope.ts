// PostgreSQL NOTIFY channel that wakes the relay right after a commit that wrote outbox rows.
export const outboxChannel = (schema: string) => `outbox_${schema}`;
