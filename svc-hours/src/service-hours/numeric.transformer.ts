import type { ValueTransformer } from 'typeorm';

// pg hands numeric back as a string to keep precision; one decimal fits a JS number exactly.
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
