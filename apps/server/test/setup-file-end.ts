import { afterAll } from 'vitest';
import { closeWhatTheFileOpened } from './file-end';

afterAll(closeWhatTheFileOpened);
