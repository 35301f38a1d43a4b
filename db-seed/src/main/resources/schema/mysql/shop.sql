DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS stock;
DROP TABLE IF EXISTS item_keywords;
DROP TABLE IF EXISTS items;
CREATE TABLE items (
  id          BIGINT        NOT NULL PRIMARY KEY,
  name        VARCHAR(200)  NOT NULL,
  category    VARCHAR(40)   NOT NULL,
  description VARCHAR(500)  NOT NULL,
  price       DECIMAL(10,2) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
-- Search looks a keyword up in this primary key: no full scan per search.
CREATE TABLE item_keywords (
  keyword VARCHAR(40) NOT NULL,
  item_id BIGINT      NOT NULL,
  PRIMARY KEY (keyword, item_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE stock (
  item_id  BIGINT NOT NULL PRIMARY KEY,
  quantity INT    NOT NULL,
  CONSTRAINT stock_not_negative CHECK (quantity >= 0)
) ENGINE=InnoDB;
CREATE TABLE orders (
  id         BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
  item_id    BIGINT        NOT NULL,
  quantity   INT           NOT NULL,
  unit_price DECIMAL(10,2) NOT NULL,
  total      DECIMAL(12,2) NOT NULL,
  created_at DATETIME      NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- The client's idempotency key (POST /purchase requestKey): a retried purchase finds its order.
  request_key VARCHAR(64)  NULL,
  KEY orders_item (item_id),
  UNIQUE KEY orders_request_key (request_key)
) ENGINE=InnoDB;
