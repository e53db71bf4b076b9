/**
 * The filters of an item search besides its query, the same for every backend (PostgreSQL in @mam/db, Elasticsearch
 * in @mam/search).
 */
export interface TItemSearchFilters {
  itemTypes?: string[];
  /** The folder and everything below it. */
  folderId?: string;
  states?: string[];
  /** Approval statuses (core's approvalStatuses); an item matches any of them. */
  approvals?: string[];
  createdBy?: string[];
  createdFrom?: Date;
  createdTo?: Date;
  /** Values of one field are alternatives; fields are all required. */
  fieldValues?: Array<{ fieldId: string; values: string[] }>;
}
