// The acknowledgements of the customer and system tabs: a chunk of their own, loaded right after the tab has painted.
export { CustomerConfirmationSchema, SystemConfirmationSchema } from '@portal/domain/confirmation';
