"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, useToast } from "@/components/ui";
import { apiFetch, apiUpload, errorMessage } from "@/components/data/fetcher";
import type { UploadedFile } from "./types";

// A staff voice note: recorded in the browser (MediaRecorder), uploaded, and sent as a WhatsApp voice
// message (audio with `voice: true`). WhatsApp plays a voice note only as OGG/Opus: Firefox records
// that directly; Chromium records WebM/Opus, which the server rewraps as OGG on upload (lib/media/voice-note.ts).

const MAX_SECONDS = 15 * 60;

function recordingType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  for (const type of ["audio/ogg;codecs=opus", "audio/webm;codecs=opus"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return null;
}

export function VoiceRecorder({ conversationId, disabled }: { conversationId: string; disabled?: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [supported, setSupported] = useState(false);
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(true);

  useEffect(() => setSupported(recordingType() !== null && !!navigator.mediaDevices?.getUserMedia), []);
  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setSeconds(s);
      if (s >= MAX_SECONDS) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording]);
  // Leaving the conversation mid-recording drops the recording and frees the microphone.
  useEffect(
    () => () => {
      keep.current = false;
      recorder.current?.state === "recording" && recorder.current.stop();
    },
    [],
  );

  const send = useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await apiUpload<UploadedFile>("/v1/media", file);
      return apiFetch(`/v1/internal/conversations/${conversationId}/messages`, {
        body: { type: "audio", mediaId: uploaded.id, voice: true },
      });
    },
    onSuccess: () => toast.success("Voice note sent."),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["messages", conversationId] });
      client.invalidateQueries({ queryKey: ["conversation", conversationId] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });

  async function start() {
    const type = recordingType();
    if (!type) return;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error("The browser did not allow the microphone: allow it for this site to record a voice note.");
      return;
    }
    const rec = new MediaRecorder(stream, { mimeType: type });
    chunks.current = [];
    keep.current = true;
    rec.ondataavailable = (e) => {
      if (e.data.size) chunks.current.push(e.data);
    };
    rec.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      setRecording(false);
      if (!keep.current || !chunks.current.length) return;
      const ext = type.startsWith("audio/ogg") ? "ogg" : "webm";
      send.mutate(new File(chunks.current, `voice-note.${ext}`, { type }));
    };
    recorder.current = rec;
    rec.start(250);
    setSeconds(0);
    setRecording(true);
  }

  function stop(sendIt: boolean) {
    keep.current = sendIt;
    recorder.current?.stop();
  }

  if (!supported) return null;
  if (recording) {
    return (
      <div className="voice-recorder" data-testid="voice-recorder">
        <span className="voice-recorder-dot" aria-hidden="true" />
        <span className="small" role="timer" aria-live="off">
          Recording {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")}
        </span>
        <Button size="sm" onClick={() => stop(false)}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={() => stop(true)}>
          Send voice note
        </Button>
      </div>
    );
  }
  return (
    <Button size="sm" aria-label="Record a voice note" title="Record a voice note" onClick={start} disabled={disabled} loading={send.isPending}>
      Voice note
    </Button>
  );
}
