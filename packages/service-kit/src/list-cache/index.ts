// Cached, ETag-validated list responses (issue 30): one helper for every service's big lists.
export * from './list-cache';
export * from './list-response';
