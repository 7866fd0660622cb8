-- Decision 024: a punch refused in an approved month (decision 022) is logged too, and a terminal's punch
-- has no direction (only pairing would say which side it is).
ALTER TABLE "check_refusals" ALTER COLUMN "direction" DROP NOT NULL;