import { toast } from './ui/use-toast';

/** Spec §8: what unbuilt features say, honestly, when pressed. */
export const NOT_IMPLEMENTED_MESSAGE = "This feature isn't implemented yet";

export function showNotImplemented(): void {
  toast({ title: NOT_IMPLEMENTED_MESSAGE });
}
