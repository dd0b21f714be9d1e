// Calendar-exact dates in filter literals (issue 12): impossible dates are a FilterError (400
// InvalidParameterValue), never a literal PostgreSQL rejects later with a 500.
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../src/server/ogc/filter/calendar.ts';
import { FilterError, parseCql, toSql } from '../../../src/server/ogc/filter/index.ts';
import { sqlOptions } from './fixtures.ts';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '0001-01-01', '9999-12-31', '2024-01-31T12:00', '2024-01-31 23:59:59.999', '2024-01-31T00:00:00Z', '2024-01-31T00:00:00+07:00', '2024-01-31T00:00:00-0330', '2024-01-31T00:00+14'])(
    '%s is a date',
    (text) => expect(isCalendarDate(text)).toBe(true),
  );
  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-06-31',
    '2024-00-10',
    '2024-13-01',
    '2024-01-00',
    '2024-01-32',
    '0000-01-01',
    '2024-01-31T24:00',
    '2024-01-31T12:60',
    '2024-01-31T12:00:60',
    '2024-01-31T12:00:00+15:00',
    '2024-01-31T12:00:00+07:60',
    '24-01-31',
    '2024-1-31',
    '+2024-01-31',
    '2024-01-31T',
    'yesterday',
  ])('%s is not', (text) => expect(isCalendarDate(text)).toBe(false));
});

describe('date literals in CQL', () => {
  const sql = (cql: string) => toSql(parseCql(cql), sqlOptions);
  it.each(["survey_date = '2023-02-29'", "survey_date > '2024-04-31'", "survey_date BETWEEN '0000-01-01' AND '2024-01-01'", "survey_date IN ('2024-01-01', '2024-02-30')"])(
    '%s is InvalidParameterValue',
    (cql) => {
      expect(() => sql(cql)).toThrow(FilterError);
      expect(() => sql(cql)).toThrow(/calendar date/);
    },
  );
  it('a real leap day passes', () => {
    expect(sql("survey_date = '2024-02-29'").params).toEqual(['2024-02-29']);
  });
});
