-- The 2027 production calendar of Russia is confirmed by the government's decree of 17.09.2026
-- № 1187 with the dates shipped as the draft. The stored year is marked confirmed only while it
-- still is that shipped draft: a year the super admin has edited stays as they left it.
UPDATE "calendar_years"
SET
  "provisional" = false,
  "source" = 'Постановление Правительства РФ от 17.09.2026 № 1187 «О переносе выходных дней в 2027 году»',
  "updated_at" = now()
WHERE "country_code" = 'RU'
  AND "year" = 2027
  AND "provisional" = true
  AND "source" = 'Проект: не сверен с постановлением Правительства РФ'
  AND "data" = '{"holidays":["2027-01-01","2027-01-02","2027-01-03","2027-01-04","2027-01-05","2027-01-06","2027-01-07","2027-01-08","2027-02-23","2027-03-08","2027-05-01","2027-05-09","2027-06-12","2027-11-04"],"transferredDaysOff":["2027-02-22","2027-05-03","2027-05-10","2027-06-14","2027-11-05","2027-12-31"],"workingWeekendDays":["2027-02-20"],"shortenedDays":["2027-02-20","2027-04-30","2027-06-11","2027-11-03"]}'::jsonb;
