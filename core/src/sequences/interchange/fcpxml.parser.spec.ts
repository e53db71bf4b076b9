import { catchAppError } from '../../testing/catch-app-error';
import { importSource, NEWS, sequenceView, STREET, WEATHER } from './interchange.fixture';
import { matchImportedClips, toSequenceClip } from './interchange-clip';
import { parseFcpxml } from './fcpxml.parser';
import { sequenceToFcpxml } from './fcpxml.writer';

/**
 * A project as Final Cut Pro 10.6 writes it (File → Export XML, FCPXML 1.10): a 1080i50 source whose timecode starts
 * at 10:00:00:00 (asset start 36000s), a 29.97 source without timecode, connected audio on a gap, a cross dissolve,
 * a title, and a synchronized `clip` whose video child is offset inside the clip's own timeline.
 */
const FCP_1_10 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE fcpxml>

<fcpxml version="1.10">
    <resources>
        <format id="r1" name="FFVideoFormat1080i50" frameDuration="200/5000s" fieldOrder="upper first" width="1920" height="1080" colorSpace="1-1-1 (Rec. 709)"/>
        <asset id="r2" name="Storting debate" uid="3C5C3D8A1B8E5C9C1E7C9A3D2B1F0E4D" start="36000s" duration="900s" hasVideo="1" format="r1" hasAudio="1" videoSources="1" audioSources="1" audioChannels="2" audioRate="48000">
            <media-rep kind="original-media" sig="3C5C3D8A1B8E5C9C1E7C9A3D2B1F0E4D" src="file:///Volumes/News/Storting%20debate.mxf"/>
            <metadata>
                <md key="com.apple.proapps.studio.rawToLogConversion" value="0"/>
                <md key="com.apple.proapps.mio.ingestDate" value="2022-03-01 09:12:44 +0100"/>
            </metadata>
        </asset>
        <format id="r3" name="FFVideoFormat1080p2997" frameDuration="1001/30000s" width="1920" height="1080" colorSpace="1-1-1 (Rec. 709)"/>
        <asset id="r4" name="Street vox" uid="9F0E7A44C1B2D3E4F5A6B7C8D9E0F1A2" start="0s" duration="600600/30000s" hasVideo="1" format="r3" hasAudio="1" videoSources="1" audioSources="1" audioChannels="2" audioRate="48000">
            <media-rep kind="original-media" sig="9F0E7A44C1B2D3E4F5A6B7C8D9E0F1A2" src="file:///Volumes/News/Street%20vox.mov"/>
        </asset>
        <effect id="r5" name="Cross Dissolve" uid="FxPlug:4731E73A-8DAC-4113-9A30-AE85B1761265"/>
        <effect id="r6" name="Basic Title" uid=".../Titles.localized/Bumper:Opener.localized/Basic Title.localized/Basic Title.moti"/>
    </resources>
    <library location="file:///Users/editor/Movies/News.fcpbundle/">
        <event name="Evening news" uid="5E4B8B1C-77F0-4D3B-9D0E-2B7A8E6E1F10">
            <project name="Storting cut" uid="0A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9" modDate="2022-03-01 11:40:02 +0100">
                <sequence format="r1" duration="575/25s" tcStart="3600s" tcFormat="NDF" audioLayout="stereo" audioRate="48k">
                    <spine>
                        <asset-clip ref="r2" offset="3600s" name="Storting debate" start="36010s" duration="5s" format="r1" tcFormat="NDF" audioRole="dialogue"/>
                        <transition name="Cross Dissolve" offset="90121/25s" duration="2s">
                            <filter-video ref="r5" name="Cross Dissolve"/>
                            <filter-audio ref="r5" name="Audio Crossfade"/>
                        </transition>
                        <asset-clip ref="r2" offset="3605s" name="Storting debate" start="180125/5s" duration="87/25s" format="r1" tcFormat="NDF" audioRole="dialogue">
                            <marker start="180627/5s" duration="200/5000s" value="Quote"/>
                        </asset-clip>
                        <gap name="Gap" offset="7217/2s" duration="2s" start="3600s">
                            <asset-clip ref="r4" lane="-1" offset="3600s" name="Street vox" duration="1s" audioRole="dialogue"/>
                        </gap>
                        <title ref="r6" offset="7221/2s" name="Basic Title" start="3600s" duration="1s"/>
                        <clip name="Street vox" offset="7223/2s" duration="35035/30000s" start="60060/30000s" format="r3" tcFormat="NDF">
                            <video ref="r4" offset="30030/30000s" start="120120/30000s" duration="300300/30000s"/>
                            <audio ref="r4" lane="-1" offset="30030/30000s" start="120120/30000s" duration="300300/30000s" role="dialogue"/>
                        </clip>
                    </spine>
                </sequence>
            </project>
        </event>
    </library>
</fcpxml>
`;

/** FCPXML 1.9 as DaVinci Resolve 17 writes a timeline: rational times with '/1s', record times from 01:00:00:00. */
const RESOLVE_1_9 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE fcpxml>
<fcpxml version="1.9">
    <resources>
        <format height="1080" frameDuration="1/25s" name="FFVideoFormat1080p25" width="1920" id="r0"/>
        <asset hasVideo="1" audioSources="1" hasAudio="1" name="Weather map.mxf" format="r0" start="1311303/25s" audioChannels="2" id="r1" duration="5000/25s">
            <media-rep kind="original-media" src="file:///D:/Media/Weather%20map.mxf"/>
        </asset>
    </resources>
    <library>
        <event name="Timeline 1 (Resolve)">
            <project name="Timeline 1 (Resolve)">
                <sequence tcStart="3600/1s" format="r0" tcFormat="NDF" duration="40/1s">
                    <spine>
                        <asset-clip offset="3600/1s" name="Weather map.mxf" format="r0" tcFormat="NDF" start="1311403/25s" ref="r1" enabled="1" duration="1000/25s"/>
                    </spine>
                </sequence>
            </project>
        </event>
    </library>
</fcpxml>
`;

describe('parseFcpxml', () => {
  it('reads a Final Cut Pro 1.10 project: asset-clips and clips of the primary storyline, from the media start', () => {
    expect(parseFcpxml(FCP_1_10)).toEqual([
      // 36010s − 36000s = 10 s = 250 frames at 25 fps, 5 s long.
      { name: 'Storting debate', sourceIn: 250, sourceOut: 375, rate: '25/1', origin: 'media' },
      { name: 'Storting debate', sourceIn: 625, sourceOut: 712, rate: '25/1', origin: 'media' },
      // video.start 4.004 s + (clip.start 2.002 s − video.offset 1.001 s) = 5.005 s = frame 150; 35 frames long.
      { name: 'Street vox', sourceIn: 150, sourceOut: 185, rate: '30000/1001', origin: 'media' },
    ]);
  });

  it('reads a DaVinci Resolve 1.9 timeline whose asset starts at the source timecode', () => {
    // 1311403/25 − 1311303/25 = 100 frames into the media; 40 s at 25 fps.
    expect(parseFcpxml(RESOLVE_1_9)).toEqual([
      { name: 'Weather map.mxf', sourceIn: 100, sourceOut: 1100, rate: '25/1', origin: 'media' },
    ]);
  });

  it('matches the clips of a Final Cut Pro project to items by title, frames from the media first frame', () => {
    const street = { ...importSource(STREET), frameRate: '30000/1001' };
    const result = matchImportedClips(parseFcpxml(FCP_1_10), {
      byId: new Map(),
      byTitle: new Map([
        ['storting debate', [importSource(NEWS)]],
        ['street vox', [street]],
      ]),
    });
    expect(result).toEqual({
      clips: [
        { itemId: NEWS.itemId, inFrame: 250, outFrame: 375 },
        { itemId: NEWS.itemId, inFrame: 625, outFrame: 712 },
        { itemId: STREET.itemId, inFrame: 150, outFrame: 185 },
      ],
      unmatched: [],
    });
  });

  it('does not match a clip to an item of another frame rate', () => {
    const [clip] = parseFcpxml(RESOLVE_1_9);
    expect(toSequenceClip(clip!, importSource({ ...WEATHER, frameRate: '50/1' }))).toBeNull();
    expect(toSequenceClip(clip!, importSource(WEATHER))).toEqual({
      itemId: WEATHER.itemId,
      inFrame: 100,
      outFrame: 1100,
    });
  });

  it('reads back what the product exports, item ids included, at 25 and 29.97', () => {
    const ntsc = { ...STREET, frameRate: '30000/1001', sourceTimecodeStart: '01:00:00;00' };
    const view = sequenceView('Evening news', [
      [NEWS, 250, 375],
      [WEATHER, 0, 50],
    ]);
    expect(parseFcpxml(sequenceToFcpxml(view))).toEqual([
      { name: NEWS.title, itemId: NEWS.itemId, sourceIn: 250, sourceOut: 375, rate: '25/1', origin: 'media' },
      { name: WEATHER.title, itemId: WEATHER.itemId, sourceIn: 0, sourceOut: 50, rate: '25/1', origin: 'media' },
    ]);
    const clips = parseFcpxml(sequenceToFcpxml(sequenceView('NTSC', [[ntsc, 1001, 1031]])));
    expect(clips).toEqual([
      {
        name: STREET.title,
        itemId: STREET.itemId,
        sourceIn: 1001,
        sourceOut: 1031,
        rate: '30000/1001',
        origin: 'media',
      },
    ]);
  });

  it('refuses a compound clip, a clip of an unknown asset and a file that is not FCPXML, saying where', () => {
    const compound = FCP_1_10.replace(
      '<title ref="r6"',
      '<ref-clip ref="r9" offset="3600s" duration="1s"/><title ref="r6"',
    );
    expect(catchAppError(() => parseFcpxml(compound))).toMatchObject({
      code: 'INTERCHANGE_FCPXML_INVALID',
      params: { path: 'spine.ref-clip[4]' },
    });
    const unknownAsset = RESOLVE_1_9.replace('ref="r1" enabled', 'ref="r7" enabled');
    expect(catchAppError(() => parseFcpxml(unknownAsset))).toMatchObject({
      code: 'INTERCHANGE_FCPXML_INVALID',
      params: { path: 'spine.asset-clip[0].ref' },
    });
    expect(catchAppError(() => parseFcpxml('<xmeml version="5"><sequence/></xmeml>'))).toMatchObject({
      code: 'INTERCHANGE_FCPXML_INVALID',
      params: { path: 'fcpxml' },
    });
    expect(catchAppError(() => parseFcpxml('<fcpxml version="1.10"><resources/></fcpxml>'))).toMatchObject({
      code: 'INTERCHANGE_EMPTY',
    });
  });
});
