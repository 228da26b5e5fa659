import { describe, expect, it } from 'vitest';
import { drawingOrder, textRuns } from './pdf-fonts';

const faces = (text: string) => textRuns(text).map((run) => [run.face, run.text]);

describe('textRuns', () => {
  it('sets Latin and Japanese text in one run of the main face', () => {
    expect(faces('進撃の巨人 Figure ★ ™')).toEqual([['jp', '進撃の巨人 Figure ★ ™']]);
    expect(faces('')).toEqual([]);
  });

  it('gives Hangul, Thai and emoji faces of their own, in reading order', () => {
    expect(faces('김민수 (Seoul) สวัสดี 🎉!')).toEqual([
      ['kr', '김민수'],
      ['jp', ' (Seoul) '],
      ['thai', 'สวัสดี'],
      ['jp', ' '],
      ['emoji', '🎉'],
      ['jp', '!'],
    ]);
  });

  it('keeps the words of a right-to-left name in one run, spaces included', () => {
    expect(faces('محمد علي')).toEqual([['arabic', 'محمد علي']]);
    expect(faces('Order for דוד כהן')).toEqual([
      ['jp', 'Order for '],
      ['hebrew', 'דוד כהן'],
    ]);
  });

  it('keeps an emoji sequence whole, and a pictograph asked to be an emoji with it', () => {
    expect(faces('👩‍🎤 fan')).toEqual([
      ['emoji', '👩‍🎤'],
      ['jp', ' fan'],
    ]);
    expect(faces('I ❤️ anime')).toEqual([
      ['jp', 'I '],
      ['emoji', '❤️'],
      ['jp', ' anime'],
    ]);
    expect(faces('👍🏽')).toEqual([['emoji', '👍🏽']]);
  });

  it('draws a right-to-left run word by word, its last word first', () => {
    const [run] = textRuns('محمد علي');
    expect(drawingOrder(run!)).toEqual(['علي', ' ', 'محمد']);
    expect(drawingOrder({ text: 'Seoul 2026', face: 'jp' })).toEqual(['Seoul 2026']);
  });
});
