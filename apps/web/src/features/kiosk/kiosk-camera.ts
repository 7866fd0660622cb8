import {
  KIOSK_PHOTO_HEIGHT,
  KIOSK_PHOTO_JPEG_QUALITY,
  KIOSK_PHOTO_MAX_BYTES,
  KIOSK_PHOTO_WIDTH,
} from '@smena/contract';

/** How long the camera may take to open (a permission prompt nobody answers): then no photo. */
const OPEN_TIMEOUT_MS = 6_000;
/** A camera just opened shows a dark or blurred first frame: exposure settles meanwhile. */
const SETTLE_MS = 700;

/**
 * The part of the source to draw so that it fills the target without stretching: the largest
 * centred rectangle of the target's proportions (a 16:9 camera cropped to 4:3 at the sides).
 */
export function coverCrop(
  sourceWidth: number,
  sourceHeight: number,
  targetWidth: number,
  targetHeight: number,
): { sx: number; sy: number; sw: number; sh: number } {
  const targetRatio = targetWidth / targetHeight;
  if (sourceWidth / sourceHeight > targetRatio) {
    const sw = Math.round(sourceHeight * targetRatio);
    return { sx: Math.round((sourceWidth - sw) / 2), sy: 0, sw, sh: sourceHeight };
  }
  const sh = Math.round(sourceWidth / targetRatio);
  return { sx: 0, sy: Math.round((sourceHeight - sh) / 2), sw: sourceWidth, sh };
}

function withTimeout<T>(promise: Promise<T>, ms: number, onLate: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      reject(new Error('timeout'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (done) onLate(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!done) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function stopStream(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** Waits until the video has a frame to draw (or gives up with the open timeout). */
function frameReady(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= 2 && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no frame')), OPEN_TIMEOUT_MS);
    video.addEventListener(
      'loadeddata',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * One frame of the front camera as a small JPEG (320×240, quality 0.7; lower if it came out above
 * the server's limit), taken only when the server asked for it (decision 034). The camera is open
 * for about a second and closed at once. No camera, a refusal or anything else: null — the punch
 * stands without a photo.
 */
export async function captureKioskFrame(
  mediaDevices: MediaDevices | undefined = navigator.mediaDevices,
): Promise<Blob | null> {
  if (!mediaDevices?.getUserMedia) return null;
  let stream: MediaStream | null = null;
  try {
    stream = await withTimeout(
      mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
      }),
      OPEN_TIMEOUT_MS,
      // The camera opened after we gave up: close it, take nothing.
      stopStream,
    );
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    await frameReady(video);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const canvas = document.createElement('canvas');
    canvas.width = KIOSK_PHOTO_WIDTH;
    canvas.height = KIOSK_PHOTO_HEIGHT;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const crop = coverCrop(video.videoWidth, video.videoHeight, canvas.width, canvas.height);
    context.drawImage(video, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, canvas.width, canvas.height);
    video.srcObject = null;
    for (const quality of [KIOSK_PHOTO_JPEG_QUALITY, 0.5, 0.35]) {
      const blob = await toJpeg(canvas, quality);
      if (!blob) return null;
      if (blob.size <= KIOSK_PHOTO_MAX_BYTES) return blob;
    }
    return null;
  } catch {
    return null;
  } finally {
    if (stream) stopStream(stream);
  }
}

/**
 * Whether this browser lets the kiosk use the camera: 'denied' tells the admin why no photos
 * come; 'unknown' where the browser does not say.
 */
export async function cameraPermission(): Promise<'granted' | 'denied' | 'prompt' | 'unknown'> {
  try {
    const status = await navigator.permissions?.query({ name: 'camera' as PermissionName });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
