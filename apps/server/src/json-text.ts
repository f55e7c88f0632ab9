/**
 * An answer whose JSON the database has written already, compact and in the shape of the route's
 * response schema: the route's serializer sends the text as it is, with no parse and no second
 * serialisation (see plugins/response-serializer.ts). Where no compiled serializer writes it, it
 * stands for its value (`toJSON`).
 */
export class JsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A handler's answer of JSON text, typed as the route's response that its serializer writes. */
export const answerWith = <T>(json: JsonText) => json as unknown as T;
