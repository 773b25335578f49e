import { AppError } from '../errors.ts';

/** 1-64 letters, digits, '-' or '_', starting with a letter or digit (it names LanceDB tables). */
const SOURCE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/;
export function validateSourceName(name: string): void {
  if (!SOURCE_NAME.test(name))
    throw new AppError(
      'bad_request',
      `source name ${JSON.stringify(name)} is invalid: use 1-64 letters, digits, '-' or '_', starting with a letter or digit`,
      { field: 'source' },
    );
}
