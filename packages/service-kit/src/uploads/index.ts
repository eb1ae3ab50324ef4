// Image uploads (avatars, event photos): reading the multipart file, checking and re-encoding
// it, storing it under a folder and serving it back.
export * from './image-file';
export * from './image-store';
export * from './image-reply';
export * from './multipart';
