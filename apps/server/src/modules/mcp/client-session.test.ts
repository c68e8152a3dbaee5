import { describe, expect, it } from 'vitest';
import { clientOfInitialize, clientOfSession, sessionIdFor } from './client-session.js';

describe('the client a session id carries', () => {
  it('reads back the name and version announced at initialize', () => {
    const announced = clientOfInitialize({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { clientInfo: { name: 'claude-code', version: '2.1.0' } },
    });
    expect(announced).toEqual({ name: 'claude-code', version: '2.1.0' });
    const id = sessionIdFor(announced ?? { name: '', version: '' });
    expect(clientOfSession(id)).toEqual({ name: 'claude-code', version: '2.1.0' });
    expect(sessionIdFor({ name: 'a', version: '1' })).not.toBe(sessionIdFor({ name: 'a', version: '1' }));
  });

  it('names an unknown client when there is no session or it says nothing readable', () => {
    expect(clientOfSession(undefined)).toEqual({ name: 'unknown', version: '' });
    expect(clientOfSession('garbage')).toEqual({ name: 'unknown', version: '' });
    const forged = `x.${Buffer.from(JSON.stringify(['<script>', '1'])).toString('base64url')}`;
    expect(clientOfSession(forged).name).toBe('unknown');
    expect(clientOfInitialize({ method: 'tools/list' })).toBeNull();
  });
});
