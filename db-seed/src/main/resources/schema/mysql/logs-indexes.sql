-- "hits of URI u between t and t+1h" is a range scan on this index (built after the bulk load).
CREATE INDEX access_log_uri_ts ON access_log (uri, ts);
