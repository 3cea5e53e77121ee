/**
 * The API key, kept encrypted with the OS keychain (safeStorage) in the app's data folder. Read
 * once at start; a new key is encrypted and written in the background. Where the OS offers no
 * encryption, nothing is stored and the key comes from OPENAI_API_KEY, as for the host.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { environmentSecrets, type SecretName, type SecretStore } from '../api/platform';

const fileSchema = z.record(z.string(), z.string());

export async function keychainSecrets(file: string, logError: (message: string, error: unknown) => void): Promise<SecretStore> {
  const fallback = environmentSecrets();
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return fallback;
  const kept = new Map<SecretName, string>();
  try {
    const stored = existsSync(file) ? fileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : {};
    for (const [name, sealed] of Object.entries(stored)) {
      if (name === 'openai-api-key') kept.set(name, (await safeStorage.decryptStringAsync(Buffer.from(sealed, 'base64'))).result);
    }
  } catch (error) {
    // A file from another machine or keychain cannot be opened: the person enters the key again.
    logError('Stored secrets could not be read', error);
  }

  let writing = Promise.resolve();
  const persist = async () => {
    const sealed: Record<string, string> = {};
    for (const [name, value] of kept) sealed[name] = (await safeStorage.encryptStringAsync(value)).toString('base64');
    const temp = `${file}.tmp`;
    writeFileSync(temp, JSON.stringify(sealed), { mode: 0o600 });
    renameSync(temp, file);
  };
  return {
    writable: true,
    get: (name) => kept.get(name) ?? fallback.get(name),
    set(name, value) {
      kept.set(name, value);
      writing = writing.then(persist).catch((error: unknown) => logError('The API key could not be saved', error));
    },
  };
}
