import { IdParamsSchema } from '@portal/domain/ids';

/** The schema of a route on one installation (`/:id/…`): its tags and summary, the installation's id in the path, then what else it takes and answers. */
export const onInstallation = <Rest extends object>(tags: string[], summary: string, rest: Rest) => ({ tags, summary, params: IdParamsSchema, ...rest });
