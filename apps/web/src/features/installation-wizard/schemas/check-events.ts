// The digital check's stream messages: a chunk of its own, loaded when the tab opens the stream.
export { SystemCheckEventSchema } from '@portal/domain/system-check';
