-- Workload for the differential tests: sqlite3 inserts a few thousand
-- rows into an indexed table of an in-memory database, updates some of
-- them, and runs a grouped, sorted query and a join.
-- SPDX-License-Identifier: GPL-2.0-or-later
CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, city INTEGER, score INTEGER);
CREATE TABLE city(id INTEGER PRIMARY KEY, label TEXT);
CREATE INDEX person_score ON person(score);
BEGIN;
WITH RECURSIVE counter(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM counter WHERE i < 4000)
INSERT INTO person(name, city, score)
  SELECT 'name' || (i * 7919 % 1500), i % 37, (i * 104729) % 997 FROM counter;
WITH RECURSIVE counter(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM counter WHERE i < 36)
INSERT INTO city(id, label) SELECT i, 'city' || i FROM counter;
COMMIT;
UPDATE person SET score = score + 1000 WHERE id % 11 = 0;
SELECT name, count(*), sum(score) FROM person WHERE score > 100
  GROUP BY name ORDER BY 3 DESC, 1 LIMIT 5;
SELECT city.label, avg(person.score) FROM person JOIN city ON person.city = city.id
  GROUP BY city.label ORDER BY 2 DESC LIMIT 3;
