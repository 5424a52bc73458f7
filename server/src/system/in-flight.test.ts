import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight';

describe('trackInFlight', () => {
  it('hands the work back unchanged, failures included', async () => {
    const inFlight = trackInFlight();
    await expect(inFlight.track(Promise.resolve(7))).resolves.toBe(7);
    await expect(inFlight.track(Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    await inFlight.settle();
  });

  it('settles once nothing is under way, including work started when other work ended', async () => {
    const inFlight = trackInFlight();
    const finished: string[] = [];
    let answer!: () => void;
    const poll = inFlight.track(new Promise<void>((resolve) => (answer = resolve)));
    // As pg-boss does with a poll's answer: the next statement is sent from a callback of its own.
    void poll.then(() =>
      setImmediate(
        () =>
          void inFlight
            .track(new Promise((resolve) => setTimeout(resolve, 20)))
            .then(() => finished.push('record')),
      ),
    );
    const settled = inFlight.settle().then(() => finished.push('settled'));
    answer();
    await settled;
    expect(finished).toEqual(['record', 'settled']);
  });
});
