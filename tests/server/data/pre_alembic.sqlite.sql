BEGIN TRANSACTION;
CREATE TABLE actions (
	table_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	text VARCHAR(200) NOT NULL, 
	mover INTEGER NOT NULL, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (table_id, "index"), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "actions" VALUES('oldtable',0,'reveal a1',0,'2026-12-02 00:53:34.510458');
INSERT INTO "actions" VALUES('oldtable',1,'build',0,'2026-12-02 00:53:34.514828');
INSERT INTO "actions" VALUES('oldtable',2,'reveal a2',1,'2026-12-02 00:53:34.526820');
CREATE TABLE chat_lines (
	table_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	seat INTEGER, 
	name VARCHAR(80), 
	text VARCHAR(1200) NOT NULL, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (table_id, "index"), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
CREATE TABLE hint_requests (
	id VARCHAR(40) NOT NULL, 
	table_id VARCHAR(40) NOT NULL, 
	version INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	address VARCHAR(64) NOT NULL, 
	created DATETIME NOT NULL, 
	result JSON, 
	failed BOOLEAN NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
CREATE TABLE rate_events (
	id INTEGER NOT NULL, 
	"key" VARCHAR(120) NOT NULL, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE reviews (
	table_id VARCHAR(40) NOT NULL, 
	state VARCHAR(10) NOT NULL, 
	review JSON, 
	address VARCHAR(64) NOT NULL, 
	created DATETIME NOT NULL, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
CREATE TABLE seat_tokens (
	table_id VARCHAR(40) NOT NULL, 
	seat INTEGER NOT NULL, 
	token_hash VARCHAR(64) NOT NULL, 
	name VARCHAR(80), 
	away VARCHAR(100), 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seat_tokens" VALUES('oldtable',0,'9bdf10a691a1cfda89d9ff66629d1609ab176cec9b6a3146a8929f28937a9fce',NULL,NULL);
CREATE TABLE tables (
	id VARCHAR(40) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	rules_version VARCHAR(20) NOT NULL, 
	options JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	players INTEGER NOT NULL, 
	seats JSON NOT NULL, 
	created DATETIME NOT NULL, 
	finished DATETIME, 
	result JSON, 
	hints BOOLEAN DEFAULT 1 NOT NULL, 
	version INTEGER DEFAULT '0' NOT NULL, 
	bot_queue VARCHAR(20), 
	owner VARCHAR(64), 
	updated DATETIME, 
	chat VARCHAR(10), 
	rematch VARCHAR(40), 
	clock JSON, 
	clock_state JSON, 
	deadline DATETIME, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('oldtable','castle','2','{"variant": "base", "memory": "hidden", "end": "last_revealed", "first_player": 0, "cards": null, "wizard_tile_gap": false, "pair_cards": false, "max_turns": 500}',11,2,'["human", "greedy"]','2026-11-30 00:00:00.000000',NULL,NULL,1,3,NULL,'127.0.0.1','2026-12-02 00:53:34.526820','all',NULL,'null','null',NULL);
CREATE TABLE uploads (
	id VARCHAR(40) NOT NULL, 
	text TEXT NOT NULL, 
	created DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX rate_events_key_at ON rate_events ("key", at);
CREATE INDEX ix_hint_requests_table_id ON hint_requests (table_id);
CREATE INDEX ix_hint_requests_address ON hint_requests (address);
CREATE INDEX ix_reviews_address ON reviews (address);
COMMIT;
