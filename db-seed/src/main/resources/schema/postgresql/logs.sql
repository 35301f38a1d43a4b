DROP TABLE IF EXISTS access_log;
CREATE TABLE access_log (
  id     BIGINT       NOT NULL PRIMARY KEY,
  ts     TIMESTAMP(0) NOT NULL,
  uri    VARCHAR(255) NOT NULL,
  status SMALLINT     NOT NULL,
  bytes  BIGINT       NOT NULL,
  client VARCHAR(45)  NOT NULL
);
