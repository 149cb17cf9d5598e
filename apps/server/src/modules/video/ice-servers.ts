// ICE servers for WebRTC calls. STUN and TURN come from configuration; with a TURN secret each client
// gets time-limited credentials as coturn's REST API expects (use-auth-secret): the username is
// "<expiry unix seconds>:<user id>" and the password base64(HMAC-SHA1(secret, username)).
// Source: "A REST API For Access To TURN Services", draft-uberti-behave-turn-rest-00, section 2.2.
import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '@almendra/contracts';

export interface VideoConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | undefined;
  turnCredentialTtlSeconds: number;
}

export function turnCredentials(secret: string, userId: string, expiresAtSeconds: number): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export function iceServersFor(config: VideoConfig, userId: string, now: Date): IceServersResponse {
  const iceServers: IceServersResponse['iceServers'] = [];
  if (config.stunUrls.length > 0) iceServers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    const expiresAt = Math.floor(now.getTime() / 1000) + config.turnCredentialTtlSeconds;
    iceServers.push({ urls: config.turnUrls, ...turnCredentials(config.turnSecret, userId, expiresAt) });
    return { iceServers, ttlSeconds: config.turnCredentialTtlSeconds };
  }
  return { iceServers, ttlSeconds: null };
}
