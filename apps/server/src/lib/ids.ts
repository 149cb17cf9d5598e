// Opaque, time-ordered identifiers (UUIDv7) for every row created at runtime.
import { v7 as uuidv7 } from 'uuid';

export const newId = (): string => uuidv7();
