// One video call at a time per tab, kept outside React so it survives navigation (the nutritionist
// accepts in any screen and talks in /video-llamadas). WebRTC between the two browsers; signalling
// travels over the app's WebSocket as call.offer / call.answer / call.ice / call.end / call.reject, and
// call.media (my microphone and camera state, sent on each toggle and once connected, so the other side
// shows a muted microphone or an avatar instead of a black picture); the server relays each to the other
// party only. ICE servers come from GET /video/ice-servers.
import { CALL_RING_TIMEOUT_SECONDS } from '@almendra/contracts/constants';
import type { IceServersResponse } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { realtime, type RealtimeEvent } from '../../../lib/realtime';

export type CallPhase =
  | 'idle'
  /** Asking for camera and microphone. */
  | 'preparing'
  /** Devices ready, waiting for the person to press start (caller). */
  | 'ready'
  | 'noDevices'
  | 'blocked'
  /** An offer arrived: the notice with Accept / Reject. */
  | 'incoming'
  | 'calling'
  | 'connecting'
  | 'inCall'
  | 'ended';

export type EndReason = 'local' | 'remote' | 'rejected' | 'noAnswer' | 'failed';
/** Why the other side declined: by hand, already in another call, or without camera/microphone. */
export type RejectReason = 'declined' | 'busy' | 'devices';

export interface CallState {
  phase: CallPhase;
  callId: string | null;
  /** The conversation's patient (the other party for a nutritionist; oneself for a patient). */
  patientId: string | null;
  peerName: string;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  endReason: EndReason | null;
  rejectReason: RejectReason | null;
  /** The other side's microphone and camera, as it announced them (call.media). */
  remoteMicOn: boolean;
  remoteCameraOn: boolean;
  /** Who this tab is in the call. */
  side: 'nutritionist' | 'patient';
}

const INITIAL: CallState = {
  phase: 'idle',
  callId: null,
  patientId: null,
  peerName: '',
  localStream: null,
  remoteStream: null,
  micOn: true,
  cameraOn: true,
  endReason: null,
  rejectReason: null,
  remoteMicOn: true,
  remoteCameraOn: true,
  side: 'nutritionist',
};

/** The spec ends a call 0.5 s after the end button, so the last frames and the signal get out. */
export const END_DELAY_MS = 500;
/** The ended notices stay 30 s (spec: notifications last 30,000 ms). */
export const ENDED_NOTICE_MS = 30_000;

/** getUserMedia's failure → the spec's two messages (no device / blocked permission). */
export function mediaErrorPhase(error: unknown): 'noDevices' | 'blocked' {
  const name = (error as { name?: string })?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'blocked';
  return 'noDevices';
}

const newCallId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

class CallManager {
  private state: CallState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private pendingOffer: string | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  /** The caller's own candidates wait until its offer is out (the callee drops signals of unknown calls). */
  private outgoingCandidates: RTCIceCandidateInit[] | null = null;
  private ringTimer: ReturnType<typeof setTimeout> | null = null;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;

  /** Listens for signalling once per tab. */
  start(side: CallState['side']): void {
    this.state = { ...this.state, side };
    if (this.started) return;
    this.started = true;
    realtime.start();
    realtime.subscribe((event) => this.onSignal(event));
  }

  getState = (): CallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private signal(type: string, extra: Record<string, unknown> = {}) {
    realtime.send({ type, callId: this.state.callId, ...(this.state.side === 'nutritionist' ? { patientId: this.state.patientId } : {}), ...extra });
  }

  /** Camera and microphone for a call about to start (the caller's screen shows start afterwards). */
  async prepare(patientId: string | null, peerName: string): Promise<void> {
    if (this.state.phase === 'inCall' || this.state.phase === 'calling' || this.state.phase === 'connecting') return;
    this.clearNotice();
    this.set({ phase: 'preparing', patientId, peerName, endReason: null, rejectReason: null, remoteStream: null, remoteMicOn: true, remoteCameraOn: true });
    try {
      const stream = await this.media();
      this.set({ phase: 'ready', localStream: stream, micOn: true, cameraOn: true });
    } catch (error) {
      this.set({ phase: mediaErrorPhase(error) });
    }
  }

  private async media(): Promise<MediaStream> {
    if (this.state.localStream && this.state.localStream.getTracks().every((t) => t.readyState === 'live')) return this.state.localStream;
    if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no media devices'), { name: 'NotFoundError' });
    return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  }

  private async connection(): Promise<RTCPeerConnection> {
    let servers: IceServersResponse = { iceServers: [], ttlSeconds: null };
    try {
      servers = await api.get<IceServersResponse>('/video/ice-servers');
    } catch {
      // Without the list a LAN call still works (host candidates).
    }
    const pc = new RTCPeerConnection({ iceServers: servers.iceServers });
    this.pc = pc;
    const remote = new MediaStream();
    this.set({ remoteStream: remote });
    pc.ontrack = (event) => {
      for (const track of event.streams[0]?.getTracks() ?? [event.track]) if (!remote.getTracks().includes(track)) remote.addTrack(track);
      this.set({ remoteStream: remote });
    };
    pc.onicecandidate = (event) => {
      if (!event.candidate) return;
      if (this.outgoingCandidates) this.outgoingCandidates.push(event.candidate.toJSON());
      else this.signal('call.ice', { candidate: event.candidate.toJSON() });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        this.clearRing();
        this.set({ phase: 'inCall' });
        // Muted or camera off before the call connected: the other side learns it now.
        this.sendMedia();
      } else if (pc.connectionState === 'failed') {
        this.finish('failed', true);
      }
    };
    for (const track of this.state.localStream?.getTracks() ?? []) pc.addTrack(track, this.state.localStream!);
    return pc;
  }

  /** The caller presses start: offer, then ring for up to CALL_RING_TIMEOUT_SECONDS. */
  async call(): Promise<void> {
    if (this.state.phase !== 'ready') return;
    this.set({ phase: 'calling', callId: newCallId() });
    this.outgoingCandidates = [];
    try {
      const pc = await this.connection();
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      this.signal('call.offer', { sdp: offer.sdp });
      for (const candidate of this.outgoingCandidates.splice(0)) this.signal('call.ice', { candidate });
      this.outgoingCandidates = null;
      this.ringTimer = setTimeout(() => {
        if (this.state.phase === 'calling') this.finish('noAnswer', true);
      }, CALL_RING_TIMEOUT_SECONDS * 1000);
    } catch {
      this.finish('failed', true);
    }
  }

  async accept(): Promise<void> {
    if (this.state.phase !== 'incoming' || !this.pendingOffer) return;
    this.set({ phase: 'connecting' });
    try {
      const stream = await this.media();
      this.set({ localStream: stream, micOn: true, cameraOn: true });
    } catch (error) {
      this.signal('call.reject', { reason: 'devices' });
      this.set({ phase: mediaErrorPhase(error) });
      return;
    }
    try {
      const pc = await this.connection();
      await pc.setRemoteDescription({ type: 'offer', sdp: this.pendingOffer });
      await this.flushCandidates();
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.signal('call.answer', { sdp: answer.sdp });
    } catch {
      this.finish('failed', true);
    }
  }

  reject(): void {
    if (this.state.phase !== 'incoming') return;
    this.signal('call.reject');
    this.reset();
  }

  /** End button: the call ends END_DELAY_MS later (spec). */
  hangUp(): void {
    setTimeout(() => this.finish('local', true), END_DELAY_MS);
  }

  toggleMic(): void {
    const on = !this.state.micOn;
    for (const track of this.state.localStream?.getAudioTracks() ?? []) track.enabled = on;
    this.set({ micOn: on });
    this.sendMedia();
  }

  toggleCamera(): void {
    const on = !this.state.cameraOn;
    for (const track of this.state.localStream?.getVideoTracks() ?? []) track.enabled = on;
    this.set({ cameraOn: on });
    this.sendMedia();
  }

  /** A disabled track sends black frames or silence: the other side needs the state to show it. */
  private sendMedia() {
    const live = this.state.phase === 'calling' || this.state.phase === 'connecting' || this.state.phase === 'inCall';
    if (live && this.state.callId) this.signal('call.media', { micOn: this.state.micOn, cameraOn: this.state.cameraOn });
  }

  /** Leaves a screen without a call (Exit on the device messages, or after the ended notice). */
  reset(): void {
    this.clearRing();
    this.clearNotice();
    this.closeMedia();
    this.pendingOffer = null;
    this.pendingCandidates = [];
    this.outgoingCandidates = null;
    this.set({ ...INITIAL, side: this.state.side });
  }

  private finish(reason: EndReason, notifyPeer: boolean) {
    if (this.state.phase === 'idle' || this.state.phase === 'ended') return;
    if (notifyPeer && this.state.callId) this.signal('call.end', { reason });
    this.clearRing();
    this.closeMedia();
    this.set({ phase: 'ended', endReason: reason, localStream: null, remoteStream: null });
    this.noticeTimer = setTimeout(() => {
      if (this.state.phase === 'ended') this.reset();
    }, ENDED_NOTICE_MS);
  }

  private closeMedia() {
    this.pc?.close();
    this.pc = null;
    for (const track of this.state.localStream?.getTracks() ?? []) track.stop();
  }

  private clearRing() {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.ringTimer = null;
  }

  private clearNotice() {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
  }

  private async flushCandidates() {
    const pc = this.pc;
    if (!pc?.remoteDescription) return;
    for (const candidate of this.pendingCandidates.splice(0)) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private onSignal(event: RealtimeEvent) {
    if (!event.type.startsWith('call.')) return;
    const callId = typeof event.callId === 'string' ? event.callId : null;
    if (event.type === 'call.offer') {
      const busy = !['idle', 'ended', 'ready', 'noDevices', 'blocked'].includes(this.state.phase);
      if (busy) {
        realtime.send({ type: 'call.reject', callId, patientId: event.patientId, reason: 'busy' });
        return;
      }
      this.clearNotice();
      this.pendingOffer = typeof event.sdp === 'string' ? event.sdp : null;
      this.pendingCandidates = [];
      this.set({
        phase: 'incoming',
        callId,
        patientId: typeof event.patientId === 'string' ? event.patientId : null,
        peerName: String(event.callerName ?? ''),
        endReason: null,
        rejectReason: null,
        remoteMicOn: true,
        remoteCameraOn: true,
      });
      // The spec's incoming-call notice vibrates twice, 500 ms each.
      if (typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate?.([500, 500, 500]);
      return;
    }
    if (!callId || callId !== this.state.callId) return;
    if (event.type === 'call.answer' && this.pc && typeof event.sdp === 'string') {
      this.set({ phase: 'connecting' });
      void this.pc.setRemoteDescription({ type: 'answer', sdp: event.sdp }).then(() => this.flushCandidates());
    } else if (event.type === 'call.ice' && event.candidate) {
      const candidate = event.candidate as RTCIceCandidateInit;
      if (this.pc?.remoteDescription) void this.pc.addIceCandidate(candidate).catch(() => undefined);
      else this.pendingCandidates.push(candidate);
    } else if (event.type === 'call.media') {
      this.set({
        ...(typeof event.micOn === 'boolean' ? { remoteMicOn: event.micOn } : {}),
        ...(typeof event.cameraOn === 'boolean' ? { remoteCameraOn: event.cameraOn } : {}),
      });
    } else if (event.type === 'call.reject') {
      this.set({ rejectReason: event.reason === 'busy' || event.reason === 'devices' ? event.reason : 'declined' });
      this.finish('rejected', false);
    } else if (event.type === 'call.end') {
      if (this.state.phase === 'incoming') this.reset();
      else this.finish('remote', false);
    }
  }
}

export const callManager = new CallManager();
