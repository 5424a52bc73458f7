import { config } from 'zod/v4/core';
import { expect, it } from 'vitest';
import './zod-config';

it("sets zod's jitless setting where zod reads it", () => {
  expect(config().jitless).toBe(true);
});
