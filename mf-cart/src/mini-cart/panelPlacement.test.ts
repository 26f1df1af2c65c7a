import { placePanel } from './panelPlacement.ts';

describe('placePanel', () => {
  it('is 360px wide, right-aligned under the trigger, on a desktop', () => {
    // Trigger wrapper at x 1180..1220 on a 1280px viewport.
    expect(placePanel({ left: 1180, right: 1220, bottom: 60 }, 1280, 900)).toEqual({ left: 40 - 360, width: 360, maxHeight: 500 });
  });

  it('stays inside the viewport when the trigger is near the left edge', () => {
    const placement = placePanel({ left: 20, right: 60, bottom: 60 }, 1024, 900);
    expect(placement.width).toBe(360);
    expect(20 + placement.left).toBe(8);
  });

  it('spans the viewport less a margin each side on a small screen', () => {
    const placement = placePanel({ left: 320, right: 359, bottom: 56 }, 375, 700);
    expect(placement.width).toBe(375 - 16);
    expect(320 + placement.left).toBe(8);
  });

  it('caps the height at 500px and at the room below the trigger, but keeps it usable', () => {
    expect(placePanel({ left: 1180, right: 1220, bottom: 60 }, 1280, 400).maxHeight).toBe(400 - 60 - 16);
    expect(placePanel({ left: 1180, right: 1220, bottom: 60 }, 1280, 200).maxHeight).toBe(220);
  });
});
