// The proposal wizard's rules from config/forms/proposal.yaml (SPEC.md §2 steps, §4, §5): the
// fields each step shows, its required fields, the Thai errors a step check gives (with the rjsf
// validator on the config's ajv setup) and what a change implies for other fields.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { FormDoc } from '../../../src/engine/types.ts';
import {
  checkStep,
  cleanData,
  createProposalValidator,
  fieldDomId,
  firstErrorPath,
  liveErrors,
  mergeErrorSchemas,
  requiredFields,
  requiredOfStep,
  stepFields,
  stepOfField,
  validateProposal,
  withDerived,
  type ProposalData,
} from '../../../src/proposal/ui/formLogic.ts';

const form = parse(readFileSync(new URL('../../../config/forms/proposal.yaml', import.meta.url), 'utf8')) as FormDoc;
const validator = createProposalValidator();
const REQUIRED_MESSAGE = 'กรุณากรอกข้อมูลในช่องนี้';
const COORDINATE_MESSAGE = 'กรุณากรอกค่าพิกัดให้ถูกต้อง (lat,lng)';

// SPEC.md §5 required fields, split by the steps of SPEC.md §2 (items 1-4 + plan; 5-11; 12-15).
const REQUIRED_BY_STEP = [
  ['projectName', 'coastalErosionStatus', 'coastalErosionCode', 'agenciesInformation', 'erosionLength', 'existingCoastalProtectionStructures', 'projectObjectives', 'projectType', 'hasConstructionPlan'],
  ['location', 'coordinates', 'coordinatesEnd', 'projectShoreLength', 'beachSystem', 'beachSystemInfo', 'physicalCharacteristics', 'physicalCharacteristicsInfo', 'coastalPreventionAlignment'],
  ['operationPlan', 'budgetSourceOption'],
];

/** A complete, valid proposal with Thai text (the strings the browser test also types). */
const VALID: ProposalData = {
  projectName: 'โครงการป้องกันการกัดเซาะชายฝั่งบ้านผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง',
  coastalErosionStatus: 'ชายฝั่งถูกกัดเซาะรุนแรง',
  coastalErosionCode: 'SV กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)',
  agenciesInformation: 'กรมทรัพยากรทางทะเลและชายฝั่ง',
  erosionLength: 1200,
  existingCoastalProtectionStructures: 'ไม่มี',
  projectObjectives: 'ป้องกันการกัดเซาะ',
  projectType: 'construction_without_eia',
  hasConstructionPlan: 'yes',
  location: 'บ้านหาดทราย ตำบลหาดทราย อำเภอเมือง จังหวัดสงขลา',
  coordinates: '7.2, 100.6',
  coordinatesEnd: '7.21,100.61',
  projectShoreLength: 1559.55,
  beachSystem: 'กลุ่มหาดหลัก/กลุ่มหาดย่อย/ระบบหาด',
  beachSystemInfo: 'ข้อมูลระบบหาด',
  physicalCharacteristics: 'sand',
  physicalCharacteristicsInfo: 'หาดทรายยาว',
  coastalPreventionAlignment: 'erosion_prevention',
  operationPlan: 'ปีที่ 1 สำรวจ ปีที่ 2 ก่อสร้าง',
  budgetSourceOption: 'noBudget',
};

describe('steps from config (SPEC.md §2)', () => {
  it('three steps titled ข้อมูลทั่วไป, ที่ตั้ง, งบประมาณ', () => {
    expect(form.steps.map((s) => s.title)).toEqual(['ข้อมูลทั่วไป', 'ที่ตั้ง', 'งบประมาณ']);
  });
  it('step 1: items 1-4 and the construction-plan choice', () => {
    expect(stepFields(form, 1)).toEqual(['projectName', 'coastalErosionStatus', 'coastalErosionCode', 'agenciesInformation', 'erosionLength', 'existingCoastalProtectionStructures', 'projectObjectives', 'projectType', 'hasConstructionPlan']);
  });
  it('step 2: item 5 (location, coordinates, map image, shore length), item 6 (beach system, physical character), items 7-11', () => {
    expect(stepFields(form, 2)).toEqual(['location', 'coordinates', 'coordinatesEnd', 'mapImage', 'projectShoreLength', 'beachSystem', 'beachSystemInfo', 'physicalCharacteristics', 'physicalCharacteristicsInfo', 'coastalPreventionAlignment', 'beachUtilizationInfo', 'historicalSiteInfo', 'touristAttractions', 'conservationAreaInfo']);
  });
  it('step 3: items 12-15 and the owner', () => {
    expect(stepFields(form, 3)).toEqual(['landUsePermissionProcess', 'operationPlan', 'budgetSourceOption', 'budgetSources', 'supportRequestedFrom', 'budgetAmount', 'budgetDuration', 'environmentalMitigation', 'projectOwner']);
  });
  it('every schema field is on exactly one step; no step names an unknown field', () => {
    const schema = form.schema as { properties: Record<string, unknown> };
    const all = form.steps.flatMap((s) => s.fields);
    expect(new Set(all).size).toBe(all.length);
    expect([...Object.keys(schema.properties), 'budgetSources'].sort()).toEqual([...all].sort());
    expect(stepOfField(form, 'beachSystem')).toBe(2);
    expect(stepOfField(form, 'nope')).toBeNull();
    expect(stepFields(form, 4)).toEqual([]);
  });
  it.each([1, 2, 3])('step %i requires exactly the SPEC §5 fields it shows', (step) => {
    expect(requiredOfStep(form, step)).toEqual(REQUIRED_BY_STEP[step - 1]);
  });
  it('the SPEC §5 list is the config’s, whole', () => {
    expect(requiredFields(form).sort()).toEqual(REQUIRED_BY_STEP.flat().sort());
  });
});

describe('step check (SPEC.md §4 next validates; §5 messages)', () => {
  it('a complete proposal passes every step and the whole form', () => {
    for (const step of [1, 2, 3]) expect(checkStep(form, validator, VALID, step)).toEqual({ invalid: [], errorSchema: {} });
    expect(validateProposal(form, validator, VALID).errors).toEqual([]);
  });

  it.each(REQUIRED_BY_STEP.flatMap((fields, i) => fields.map((f) => [f, i + 1] as const)))('missing %s fails step %i only, with the Thai required message', (field, step) => {
    const { [field]: _gone, ...data } = VALID;
    for (const s of [1, 2, 3]) {
      const check = checkStep(form, validator, data, s);
      if (s === step) {
        expect(check.invalid).toEqual([field]);
        expect(check.errorSchema).toEqual({ [field]: { __errors: [REQUIRED_MESSAGE] } });
      } else expect(check.invalid).toEqual([]);
    }
  });

  it('an empty step 1 lists all its required fields in form order', () => {
    expect(checkStep(form, validator, {}, 1).invalid).toEqual(REQUIRED_BY_STEP[0]);
  });

  it.each(['91,0', '0,181', 'abc', '13.7,  100.5'])('coordinate %s gives the red coordinate message (config messages)', (text) => {
    const check = checkStep(form, validator, { ...VALID, coordinates: text, coordinatesEnd: text }, 2);
    expect(check.invalid).toEqual(['coordinates', 'coordinatesEnd']);
    expect(check.errorSchema).toEqual({ coordinates: { __errors: [COORDINATE_MESSAGE] }, coordinatesEnd: { __errors: [COORDINATE_MESSAGE] } });
  });

  it.each(['13.7,100.5', '13.7, 100.5'])('coordinate %s is valid', (text) => {
    expect(checkStep(form, validator, { ...VALID, coordinates: text }, 2).invalid).toEqual([]);
  });

  it('optional fields only fail on bad values, in Thai: negative budget, bad email, a map image that is not a data URL', () => {
    const data = { ...VALID, budgetAmount: { b2569: -5 }, projectOwner: { email: { email: 'not-an-email' } } };
    const check = checkStep(form, validator, data, 3);
    expect(check.invalid).toEqual(['budgetAmount', 'projectOwner']);
    expect(check.errorSchema).toEqual({
      budgetAmount: { b2569: { __errors: ['กรุณากรอกตัวเลขที่ไม่ติดลบ'] } },
      projectOwner: { email: { email: { __errors: ['กรุณากรอกอีเมลให้ถูกต้อง'] } } },
    });
    expect(firstErrorPath(check.errorSchema, check.invalid)).toBe('budgetAmount.b2569');
    expect(checkStep(form, validator, { ...VALID, mapImage: 'http://x/y.png' }, 2).invalid).toEqual(['mapImage']);
    expect(checkStep(form, validator, { ...VALID, mapImage: 'data:image/png;base64,iVBORw0KGgo=' }, 2).invalid).toEqual([]);
  });

  it('hasBudget with source details is valid; the dependency bookkeeping never shows as an error', () => {
    const data = { ...VALID, budgetSourceOption: 'hasBudget', budgetSources: { normal: true, normalDetail: 'งบประมาณปกติ ปี 2569' } };
    expect(checkStep(form, validator, data, 3)).toEqual({ invalid: [], errorSchema: {} });
    // Stale sources with noBudget (what rjsf would keep) fail the schema but map to no field...
    const stale = validateProposal(form, validator, { ...VALID, budgetSources: { normal: true } });
    expect(stale.errors).toEqual([]);
  });
});

describe('live coordinate errors (SPEC.md §8 invalid coordinates: red message while typing)', () => {
  it('only typed coordinates that do not match', () => {
    expect(liveErrors(form, validator, {})).toEqual({});
    expect(liveErrors(form, validator, { coordinates: '13.7, 100.5' })).toEqual({});
    expect(liveErrors(form, validator, { coordinates: '13.7; 100.5', projectName: '' })).toEqual({ coordinates: { __errors: [COORDINATE_MESSAGE] } });
  });
  it('merges with step errors without repeating a message', () => {
    const merged = mergeErrorSchemas({ coordinates: { __errors: [COORDINATE_MESSAGE] } }, { coordinates: { __errors: [COORDINATE_MESSAGE] }, location: { __errors: [REQUIRED_MESSAGE] } });
    expect(merged).toEqual({ coordinates: { __errors: [COORDINATE_MESSAGE] }, location: { __errors: [REQUIRED_MESSAGE] } });
  });
});

describe('derived fields (SPEC.md §4)', () => {
  it('both valid points set projectShoreLength to their distance, 2 decimals', () => {
    const next = withDerived({}, { coordinates: '13.736717, 100.523186', coordinatesEnd: '13.745, 100.53' });
    expect(next.projectShoreLength).toBe(1175.97);
  });
  it('an invalid or missing point leaves the length as it is; an unrelated change never overwrites a typed length', () => {
    expect(withDerived({}, { coordinates: '13.7, 100.5', coordinatesEnd: '91, 0', projectShoreLength: 5 }).projectShoreLength).toBe(5);
    const before = { coordinates: '13.7, 100.5', coordinatesEnd: '13.8, 100.5', projectShoreLength: 42 };
    expect(withDerived(before, { ...before, projectName: 'x' }).projectShoreLength).toBe(42);
  });
  it('switching to noBudget drops budgetSources; hasBudget keeps it', () => {
    const has = { budgetSourceOption: 'hasBudget', budgetSources: { other: true, otherDetail: 'เงินบริจาค' } };
    expect(withDerived(has, has)).toEqual(has);
    expect(withDerived(has, { ...has, budgetSourceOption: 'noBudget' })).toEqual({ budgetSourceOption: 'noBudget' });
    expect(withDerived(has, { budgetSources: { normal: true } })).toEqual({});
  });
  it('cleanData drops empty values for the PDF', () => {
    expect(cleanData({ a: '', b: undefined, c: 0, d: { e: '' }, f: { g: 'x', h: null }, budgetSourceOption: 'noBudget', budgetSources: { normal: true } })).toEqual({ c: 0, f: { g: 'x' }, budgetSourceOption: 'noBudget' });
  });
});

describe('focus target (the first invalid field)', () => {
  it('rjsf ids of fields and nested fields', () => {
    expect(fieldDomId('projectName')).toBe('root_projectName');
    expect(fieldDomId('projectOwner.email.email')).toBe('root_projectOwner_email_email');
  });
  it('the first field in step order, and inside it the first nested error', () => {
    const schema = { location: { __errors: ['x'] }, projectOwner: { phone: { phone: { __errors: ['y'] } } } };
    expect(firstErrorPath(schema, ['location', 'projectOwner'])).toBe('location');
    expect(firstErrorPath(schema, ['projectOwner', 'location'])).toBe('projectOwner.phone.phone');
    expect(firstErrorPath({}, ['location'])).toBeNull();
  });
});
