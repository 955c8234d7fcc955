import { describe, expect, it } from 'vitest';
import { isSecretKey, redactSecrets } from './redact.js';

describe('isSecretKey', () => {
  it.each(['api_key', 'API_KEY', 'x-api-key', 'apikey', 'Authorization', 'access_token', 'token', 'client_secret', 'password', 'Cookie'])(
    'treats %s as secret',
    (key) => expect(isSecretKey(key)).toBe(true),
  );

  it.each(['api_key_env', 'max_tokens', 'max_input_tokens', 'tokenizer', 'model', 'secretary', 'X-Trace'])(
    'shows %s',
    (key) => expect(isSecretKey(key)).toBe(false),
  );
});

describe('redactSecrets', () => {
  it('replaces secret values at any depth and leaves the input untouched', () => {
    const input = { a: { headers: { Authorization: 'Bearer x', Accept: 'json' }, api_key_env: 'K' }, list: [{ token: 't' }] };
    expect(redactSecrets(input)).toEqual({
      a: { headers: { Authorization: '***', Accept: 'json' }, api_key_env: 'K' },
      list: [{ token: '***' }],
    });
    expect(input.a.headers.Authorization).toBe('Bearer x');
  });
});
