/**
 * What the audit trail tells telemetry (src/telemetry/) without importing it: the folders that
 * record and deliver entries sit below it. Nobody reads the notes until a kit with telemetry
 * subscribes, so without telemetry each note is one length check. A call's own audit entries go
 * through the call's record instead (call-record.ts), so only the kit that ran the call hears them.
 */
export interface TelemetryNotes {
  /** A batch of `entries` audit entries reached the topic `seconds` after its first attempt began. */
  auditDelivered?(seconds: number, entries: number): void;
}

const readers: TelemetryNotes[] = [];

/** Subscribes `notes`; returns what unsubscribes it. */
export function readTelemetryNotes(notes: TelemetryNotes): () => void {
  readers.push(notes);
  return () => {
    const at = readers.indexOf(notes);
    if (at >= 0) readers.splice(at, 1);
  };
}

export function noteAuditDelivered(seconds: number, entries: number): void {
  if (readers.length === 0) return;
  for (const notes of readers.slice()) notes.auditDelivered?.(seconds, entries);
}
