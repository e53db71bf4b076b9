import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

function ffmpeg(args: string[]) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/** A short clip (50 fps unless told) with a start timecode, picture and a tone: what a camera card would hand us, only smaller. */
export function makeVideo(dir: string, name = 'clip.mp4', seconds = 2, size = '320x180', rate = 50): string {
  const file = path.join(dir, name);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-timecode', '10:00:00:00', file],
  ]);
  return file;
}

/**
 * A browser-playable H.264/AAC MP4 whose every frame shows its own number: eight vertical bars, bar i white when bit
 * i of the frame number is set (frames 0 to 255), so a test reads which frame the player shows from its pixels.
 */
export function makeFrameCodedVideo(dir: string, name = 'frames.mp4', seconds = 8, rate = 25): string {
  const file = path.join(dir, name);
  const bit = 'mod(floor(N/pow(2,floor(X*8/W))),2)';
  ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=black:size=640x360:rate=${rate}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-vf', `geq=lum='if(${bit},235,16)':cb=128:cr=128`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-timecode', '10:00:00:00', file],
  ]);
  return file;
}

/** A camera or edit-suite master: ProRes 422 with 24-bit PCM in MOV, which no browser plays as it is. */
export function makeProRes(dir: string, name = 'master.mov', seconds = 2, size = '640x360'): string {
  const file = path.join(dir, name);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'prores_ks', '-profile:v', '2', '-c:a', 'pcm_s24le', '-shortest'],
    ...['-timecode', '10:00:00:00', file],
  ]);
  return file;
}

/**
 * What a broadcast server plays out: OP1a MXF, MPEG-2 4:2:2 interlaced top field first with BT.601 colour and a
 * start timecode, and four mono 24-bit PCM tracks at -24, -30, -36 dBFS peak and digital silence.
 */
export function makeBroadcastMxf(dir: string, name = 'playout.mxf', seconds = 2): string {
  const file = path.join(dir, name);
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=720x576:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    '-filter_complex',
    '[1:a]asplit=4[s0][s1][s2][s3];[s0]volume=0.5[a0];[s1]volume=0.25[a1];[s2]volume=0.125[a2];[s3]volume=0[a3]',
    ...['-map', '0:v', '-map', '[a0]', '-map', '[a1]', '-map', '[a2]', '-map', '[a3]'],
    ...['-c:v', 'mpeg2video', '-flags', '+ilme+ildct', '-top', '1', '-field_order', 'tt', '-pix_fmt', 'yuv422p'],
    ...['-b:v', '20M', '-color_primaries', 'bt470bg', '-color_trc', 'bt709', '-colorspace', 'bt470bg'],
    ...['-color_range', 'tv', '-c:a', 'pcm_s24le', '-timecode', '10:00:00:00', file],
  ]);
  return file;
}

/** A single frame in an MP4: a video with nothing at the usual poster time. */
export function makeOneFrameVideo(dir: string, name = 'one-frame.mp4'): string {
  const file = path.join(dir, name);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=25:duration=1',
    '-frames:v',
    '1',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

export function makeAudio(dir: string, name = 'tone.wav', seconds = 2): string {
  const file = path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${seconds}`, '-ac', '2', file]);
  return file;
}

export function makeImage(dir: string, name = 'still.png'): string {
  const file = path.join(dir, name);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:duration=1', '-frames:v', '1', file]);
  return file;
}

/** The smallest valid one-page PDF. */
export function makePdf(dir: string, name = 'script.pdf'): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 100 Td (Running order) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(dir, name);
  writeFileSync(file, body);
  return file;
}

/** Looks like an MP4 from its name and first bytes, and is cut off: what a dropped camera-card copy leaves. */
export function makeTruncatedVideo(dir: string, source: string, name = 'broken.mp4'): string {
  const file = path.join(dir, name);
  const result = spawnSync('head', ['-c', '3000', source]);
  writeFileSync(file, result.stdout);
  return file;
}
