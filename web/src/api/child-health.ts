/**
 * A child's health record (issue 26; decision 035), called by their rows in the API table (`childHealthApi`,
 * contract/src/api/child-health.ts): the family's record and its parts, documents, the dashboard summary, and
 * the staff's compliance list, child record, checks and program requirements. Query options are in
 * `queries/child-health.ts`, keys in `query-keys.ts`.
 */
import {
  type ChildHealth,
  childHealthApi,
  type HealthCheckInput,
  type HealthDocument,
  type HealthDocumentKind,
  type HealthProfileInput,
  type HealthSummary,
  type ImmunizationDoseInput,
  type ProgramRequirements,
  type ProgramRequirementsInput,
  type SessionCompliance,
} from '@lc/contract';
import { callApi, uploadApi } from './call.ts';

export const getChildHealth = (studentId: string, signal?: AbortSignal): Promise<ChildHealth> =>
  callApi(childHealthApi.childHealth, { params: { studentId }, signal });

export const saveHealthProfile = (studentId: string, body: HealthProfileInput): Promise<ChildHealth> =>
  callApi(childHealthApi.saveProfile, { params: { studentId }, body });

export const savePhysical = (studentId: string, examOn: string | null): Promise<ChildHealth> =>
  callApi(childHealthApi.savePhysical, { params: { studentId }, body: { examOn } });

export const addDose = (studentId: string, body: ImmunizationDoseInput): Promise<ChildHealth> =>
  callApi(childHealthApi.addDose, { params: { studentId }, body });

export const removeDose = (studentId: string, doseId: string): Promise<ChildHealth> =>
  callApi(childHealthApi.removeDose, { params: { studentId, doseId } });

/** POST a document (multipart `file`, `kind`, `expiresOn`); the server reads its kind from the bytes. */
export function uploadHealthDocument(
  studentId: string,
  file: File,
  kind: HealthDocumentKind,
  expiresOn: string,
): Promise<HealthDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('expiresOn', expiresOn);
  form.append('file', file);
  return uploadApi(childHealthApi.uploadDocument, form, { params: { studentId } });
}

export const removeHealthDocument = (studentId: string, documentId: string): Promise<ChildHealth> =>
  callApi(childHealthApi.removeDocument, { params: { studentId, documentId } });

export const getHealthSummary = (signal?: AbortSignal): Promise<HealthSummary> =>
  callApi(childHealthApi.summary, { signal });

export const getSessionCompliance = (
  classSessionId: number,
  incomplete: boolean,
  signal?: AbortSignal,
): Promise<SessionCompliance> =>
  callApi(childHealthApi.sessionCompliance, {
    params: { classSessionId },
    query: incomplete ? { incomplete: 'true' } : {},
    signal,
  });

export const getStaffChildHealth = (studentId: string, signal?: AbortSignal): Promise<ChildHealth> =>
  callApi(childHealthApi.staffChildHealth, { params: { studentId }, signal });

export const checkHealthRecord = (studentId: string, body: HealthCheckInput): Promise<ChildHealth> =>
  callApi(childHealthApi.checkRecord, { params: { studentId }, body });

export const getProgramRequirements = (signal?: AbortSignal): Promise<ProgramRequirements[]> =>
  callApi(childHealthApi.programRequirements, { signal });

export const saveProgramRequirements = (
  programId: number,
  body: ProgramRequirementsInput,
): Promise<ProgramRequirements[]> =>
  callApi(childHealthApi.saveProgramRequirements, { params: { id: String(programId) }, body });
